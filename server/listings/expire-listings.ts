import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { statusesInto } from './transition.ts';

/**
 * Moves every listing that could still be bought or resumed but whose check-in has passed to 'expired'. One
 * guarded UPDATE: running it twice, or on several API instances at once, expires each listing exactly once,
 * and a listing a buyer holds (reserved) is left to its checkout. Returns how many listings it expired.
 */
export async function expireStartedListings({ db, clock }: { db: Kysely<Database>; clock: Clock }): Promise<number> {
  const now = clock();
  const result = await db
    .updateTable('listings')
    .set({ status: 'expired', hotel_pause_reason: null, updated_at: now })
    .where('status', 'in', statusesInto('expired'))
    .where('start_utc', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
