import type { Kysely } from 'kysely';
import { SAVED_SEARCH_LIMITS, type createSavedSearchSchema } from '../../contract/alerts.ts';
import type { z } from 'zod';
import { ensureProfile } from '../accounts/ensure-profile.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { AppError } from '../http/errors.ts';
import { saveAlertSettings } from './alert-settings.ts';
import { SAVED_SEARCH_COLUMNS, toSavedSearchDto } from './saved-search-dto.ts';
import { indexColumns } from './saved-search-index.ts';

type Input = z.output<typeof createSavedSearchSchema>;

/**
 * Saves the marketplace search the person is looking at. At most SAVED_SEARCH_LIMITS.perUser each: the count is
 * taken with the person's settings row locked, so two saves at once cannot both slip under the limit.
 */
export async function saveSearch(
  deps: { db: Kysely<Database>; clock: Clock },
  user: { id: string; email: string | undefined },
  input: Input,
) {
  const { db, clock } = deps;
  const now = clock();
  const index = await indexColumns(db, input.query);
  const row = await inTransaction(db, async (trx) => {
    await ensureProfile(trx, user);
    await saveAlertSettings(trx, user.id, input, now);
    const { count } = await trx
      .selectFrom('saved_searches')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    if (Number(count) >= SAVED_SEARCH_LIMITS.perUser) {
      throw new AppError(
        'CONFLICT',
        `You can keep at most ${SAVED_SEARCH_LIMITS.perUser} saved searches. Delete one to save this search.`,
        {
          limit: SAVED_SEARCH_LIMITS.perUser,
        },
      );
    }
    return trx
      .insertInto('saved_searches')
      .values({
        user_id: user.id,
        name: input.name,
        query: JSON.stringify(input.query),
        frequency: input.frequency,
        ...index,
        created_at: now,
        updated_at: now,
      })
      .returning(SAVED_SEARCH_COLUMNS)
      .executeTakeFirstOrThrow();
  });
  return toSavedSearchDto(db, row, now);
}
