import type { Kysely, Updateable } from 'kysely';
import type { z } from 'zod';
import type { updateSavedSearchSchema } from '../../contract/alerts.ts';
import type { Clock } from '../clock.ts';
import type { Database, SavedSearchesTable } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { saveAlertSettings } from './alert-settings.ts';
import { findOwnedSavedSearch } from './owned-saved-search.ts';
import { SAVED_SEARCH_COLUMNS, toSavedSearchDto } from './saved-search-dto.ts';
import { indexColumns } from './saved-search-index.ts';

type Input = z.output<typeof updateSavedSearchSchema>;

/** Renames, changes, pauses or resumes one of the person's saved searches (403 for anyone else's). */
export async function updateSavedSearch(
  deps: { db: Kysely<Database>; clock: Clock },
  userId: string,
  id: string,
  input: Input,
) {
  const { db, clock } = deps;
  const now = clock();
  await findOwnedSavedSearch(db, userId, id);
  const changes: Updateable<SavedSearchesTable> = { updated_at: now };
  if (input.name !== undefined) changes.name = input.name;
  if (input.frequency !== undefined) changes.frequency = input.frequency;
  if (input.paused !== undefined) changes.paused = input.paused;
  if (input.query !== undefined)
    Object.assign(changes, { query: JSON.stringify(input.query) }, await indexColumns(db, input.query));
  const row = await inTransaction(db, async (trx) => {
    // Checked again under the row lock: the search may have been deleted meanwhile.
    await findOwnedSavedSearch(trx, userId, id, { lock: true });
    if (input.digestHour !== undefined || input.timeZone !== undefined)
      await saveAlertSettings(trx, userId, input, now);
    return trx
      .updateTable('saved_searches')
      .set(changes)
      .where('id', '=', id)
      .returning(SAVED_SEARCH_COLUMNS)
      .executeTakeFirstOrThrow();
  });
  return toSavedSearchDto(db, row, now);
}
