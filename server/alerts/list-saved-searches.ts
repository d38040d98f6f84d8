import type { Kysely } from 'kysely';
import { DEFAULT_DIGEST_HOUR, type SavedSearchList } from '../../contract/alerts.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { SAVED_SEARCH_COLUMNS, toSavedSearchDto } from './saved-search-dto.ts';

/** The person's saved searches, oldest first, each with how many stays match now, and their digest time. */
export async function listSavedSearches(
  deps: { db: Kysely<Database>; clock: Clock },
  userId: string,
): Promise<SavedSearchList> {
  const { db, clock } = deps;
  const now = clock();
  const [rows, settings] = await Promise.all([
    db
      .selectFrom('saved_searches')
      .select(SAVED_SEARCH_COLUMNS)
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('alert_settings')
      .select(['digest_hour', 'time_zone'])
      .where('user_id', '=', userId)
      .executeTakeFirst(),
  ]);
  const savedSearches = [];
  // One at a time: at most SAVED_SEARCH_LIMITS.perUser short searches, without taking every pooled connection.
  for (const row of rows) savedSearches.push(await toSavedSearchDto(db, row, now));
  return {
    savedSearches,
    digestHour: settings?.digest_hour ?? DEFAULT_DIGEST_HOUR,
    timeZone: settings?.time_zone ?? 'UTC',
  };
}
