import { HOTEL_ACTIVITY_SHOWN, type HotelActivity, type HotelLately } from '../../contract/hotels.ts';
import type { Executor } from '../db/transaction.ts';
import { hotelDate } from '../listings/stay-dates.ts';
import { roleAt } from './membership.ts';

/**
 * The console's Overview at a glance (any member): whether resale is on, off or paused, and the newest things that
 * happened to the hotel's stays on Restay (put on sale, bought, put in a new guest's name). A stay is the hotel's
 * when its reservation was read from this hotel's system (the same enterprise).
 */
export async function hotelLately(db: Executor, hotelId: string, userId: string): Promise<HotelLately> {
  const { hotel } = await roleAt(db, userId, hotelId);
  const [live, pause, row] = await Promise.all([
    db
      .selectFrom('hotel_policy_versions')
      .select(['version', 'policy'])
      .where('hotel_id', '=', hotel.id)
      .orderBy('version', 'desc')
      .limit(1)
      .executeTakeFirst(),
    db.selectFrom('hotel_resale_pauses').select('paused_at').where('hotel_id', '=', hotel.id).executeTakeFirst(),
    db.selectFrom('hotels').select('enterprise_id').where('id', '=', hotel.id).executeTakeFirstOrThrow(),
  ]);
  const state = pause ? 'paused' : live?.policy.resaleEnabled && hotel.status === 'connected' ? 'on' : 'off';
  return {
    resale: {
      state,
      policyVersion: live?.version ?? null,
      pausedAt: pause?.paused_at.toISOString() ?? null,
    },
    recent: await recentActivity(db, row.enterprise_id),
  };
}

async function recentActivity(db: Executor, enterpriseId: string): Promise<HotelActivity[]> {
  const stays = () =>
    db
      .selectFrom('listings as l')
      .innerJoin('reservations as r', 'r.id', 'l.reservation_id')
      .select(['l.room_type', 'l.start_utc', 'l.end_utc', 'l.time_zone'])
      .where('r.enterprise_id', '=', enterpriseId);
  const [listed, sold, renamed] = await Promise.all([
    stays().select('l.created_at as at').orderBy('l.created_at', 'desc').limit(HOTEL_ACTIVITY_SHOWN).execute(),
    stays()
      .innerJoin('orders as o', 'o.listing_id', 'l.id')
      .select('o.paid_at as at')
      .where('o.paid_at', 'is not', null)
      .orderBy('o.paid_at', 'desc')
      .limit(HOTEL_ACTIVITY_SHOWN)
      .execute(),
    stays()
      .innerJoin('orders as o', 'o.listing_id', 'l.id')
      .select('o.transferred_at as at')
      .where('o.transferred_at', 'is not', null)
      .orderBy('o.transferred_at', 'desc')
      .limit(HOTEL_ACTIVITY_SHOWN)
      .execute(),
  ]);
  const kinds = [
    ['listed', listed],
    ['sold', sold],
    ['in_new_name', renamed],
  ] as const;
  return kinds
    .flatMap(([kind, rows]) =>
      rows.map((stay) => ({
        kind,
        at: new Date(stay.at!).toISOString(),
        roomType: stay.room_type,
        checkIn: hotelDate(stay.start_utc, stay.time_zone),
        checkOut: hotelDate(stay.end_utc, stay.time_zone),
      })),
    )
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(0, HOTEL_ACTIVITY_SHOWN);
}
