import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../db/transaction.ts';
import { isoDayIn } from '../time-zones.ts';
import { memberHotelEnterprise } from './membership.ts';

/**
 * What every Report query needs: the hotel (after the caller's membership, 404 otherwise), its enterprise (how its
 * stays are known), its time zone (months are the hotel's calendar months) and the bounds of a run of months.
 */
export interface ReportScope {
  hotelId: string;
  enterpriseId: string;
  timeZone: string;
}

export async function reportScope(db: Executor, hotelId: string, userId: string): Promise<ReportScope> {
  const { hotel, enterpriseId } = await memberHotelEnterprise(db, userId, hotelId);
  // Hotels keep no time zone of their own: their newest imported reservation's is the hotel's.
  const newest = await db
    .selectFrom('reservations')
    .select('time_zone')
    .where('enterprise_id', '=', enterpriseId)
    .orderBy('imported_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return { hotelId: hotel.id, enterpriseId, timeZone: newest?.time_zone ?? 'UTC' };
}

/** The month (YYYY-MM) it is now at the hotel. */
export function currentMonth(now: Date, timeZone: string): string {
  return isoDayIn(now, timeZone).slice(0, 7);
}

/** The `count` months ending with `last` (YYYY-MM), oldest first. */
export function monthsEndingWith(last: string, count: number): string[] {
  const [year, month] = last.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, index) => {
    const date = new Date(Date.UTC(year, month - 1 - (count - 1 - index), 1));
    return date.toISOString().slice(0, 7);
  });
}

/** The month after `month` (YYYY-MM). */
export function monthAfter(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, number, 1)).toISOString().slice(0, 7);
}

/** The instant a month (YYYY-MM) starts at the hotel, as SQL. */
export function monthStart(month: string, timeZone: string): RawBuilder<Date> {
  return sql<Date>`(${`${month}-01`}::timestamp at time zone ${timeZone})`;
}

/** The month (YYYY-MM) an instant falls in at the hotel, as SQL. */
export function monthOf(column: RawBuilder<unknown>, timeZone: string): RawBuilder<string> {
  return sql<string>`to_char(${column} at time zone ${timeZone}, 'YYYY-MM')`;
}
