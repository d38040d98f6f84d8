import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import type { UnsubscribeTarget } from './unsubscribe-token.ts';

/**
 * Ends the alerts a verified unsubscribe link names, by pausing the search (or all the person's searches): the
 * person can resume them from the Alerts page. Returns the names of the searches paused now or before;
 * repeating it changes nothing.
 */
export async function unsubscribe(
  deps: { db: Kysely<Database>; clock: Clock },
  target: UnsubscribeTarget,
): Promise<string[]> {
  const rows = await deps.db
    .updateTable('saved_searches')
    .set({ paused: true, updated_at: deps.clock() })
    .where(target.kind === 'search' ? 'id' : 'user_id', '=', target.id)
    .returning('name')
    .execute();
  return rows.map((row) => row.name);
}
