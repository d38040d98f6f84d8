import { sql } from 'kysely';
import type { HotelDemand } from '../../contract/hotels.ts';
import { savedSearchDemand } from '../alerts/saved-search-demand.ts';
import type { Executor } from '../db/transaction.ts';
import { isoDayIn } from '../time-zones.ts';
import { memberHotelEnterprise } from './membership.ts';

/**
 * The console's Demand (any member): who is waiting for a stay at the hotel, week by week from the hotel's today,
 * as ticket organisers see their wait lists. The hotel is placed by what Restay knows of it: the places of its
 * listed stays, and the map cell of its newest imported reservation with a position.
 */
export async function hotelDemand(db: Executor, hotelId: string, userId: string, now: Date): Promise<HotelDemand> {
  const { enterpriseId } = await memberHotelEnterprise(db, userId, hotelId);
  const [places, located] = await Promise.all([
    db
      .selectFrom('listings as l')
      .innerJoin('reservations as r', 'r.id', 'l.reservation_id')
      .select('l.place_id')
      .distinct()
      .where('r.enterprise_id', '=', enterpriseId)
      .execute(),
    db
      .selectFrom('reservations')
      .select([sql<number>`public.restay_geo_cell(latitude, longitude)`.as('cell'), 'time_zone'])
      .where('enterprise_id', '=', enterpriseId)
      .where('latitude', 'is not', null)
      .where('longitude', 'is not', null)
      .orderBy('imported_at', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  const placeIds = places.map((row) => row.place_id);
  // Weeks start on the hotel's own today, as its stays' days are counted.
  const today = isoDayIn(now, located?.time_zone ?? 'UTC');
  return {
    located: placeIds.length > 0 || located !== undefined,
    weeks: await savedSearchDemand(db, { placeIds, cell: located?.cell ?? null }, today),
  };
}
