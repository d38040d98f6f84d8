import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * The rates are stale once their reference day is more than two working days behind today: the European Central
 * Bank publishes on working days only (around 16:00 CET), so Friday's rates are still the latest on a Monday morning.
 */
const STALE_AFTER_WORKING_DAYS = 2;
const DAY_MS = 86_400_000;

/** Working days (Monday to Friday, UTC) after `day` (YYYY-MM-DD) up to and including `now`'s day. */
export function workingDaysSince(day: string, now: Date): number {
  let count = 0;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  for (let at = Date.parse(`${day}T00:00:00Z`) + DAY_MS; at <= today; at += DAY_MS) {
    const weekday = new Date(at).getUTCDay();
    if (weekday !== 0 && weekday !== 6) count++;
  }
  return count;
}

export interface RatesStanding {
  /** The reference day of the newest rates stored; null before any were read. */
  date: string | null;
  /** True when there are none yet, or they are more than two working days old. */
  stale: boolean;
}

/** How current the stored rates are: said by the rates job in its log and by the health check. */
export async function ratesStanding(db: Kysely<Database>, now: Date): Promise<RatesStanding> {
  const { date } = await db
    .selectFrom('exchange_rates')
    .select(sql<string | null>`max(rate_date)::text`.as('date'))
    .executeTakeFirstOrThrow();
  return { date, stale: date === null || workingDaysSince(date, now) > STALE_AFTER_WORKING_DAYS };
}
