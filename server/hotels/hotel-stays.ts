import { sql } from 'kysely';
import {
  HOTEL_STAYS_SHOWN,
  type HotelStayState,
  type HotelStaysQuery,
  type HotelStaysReply,
} from '../../contract/hotel-stays.ts';
import type { ListingStatus } from '../../contract/listing-status.ts';
import { PAYMENT_RECORDED_STATES, type OrderState } from '../../contract/order-state.ts';
import type { Executor } from '../db/transaction.ts';
import { hotelDate } from '../listings/stay-dates.ts';
import { memberHotelEnterprise } from './membership.ts';

/**
 * A listing as the hotel reads it. The sale decides once there is one: bought, in the buyer's name, or refunded
 * (the listing is then withdrawn, or on sale again when its seller relisted it); before that, the listing's own
 * status.
 */
export function hotelStayState(status: ListingStatus, sale: OrderState | null): HotelStayState {
  if (sale === 'refunded' || sale === 'refund_pending')
    return status === 'withdrawn' ? 'refunded' : fromListing(status);
  if (sale === 'transferred') return 'in_buyers_name';
  if (sale !== null) return 'sold';
  return fromListing(status);
}

function fromListing(status: ListingStatus): HotelStayState {
  switch (status) {
    case 'awaiting_hotel':
      return 'awaiting_approval';
    case 'rejected_by_hotel':
      return 'rejected';
    case 'active':
    case 'reserved':
      return 'live';
    case 'inactive':
      return 'paused';
    case 'sold':
      return 'sold';
    case 'withdrawn':
      return 'withdrawn';
    case 'expired':
      return 'expired';
  }
}

/**
 * The console's Stays (any member): every listing of a stay at the hotel (its reservation read from this hotel's
 * system), with its state, asking price and dates; by the month of check-in and by state. The state is derived
 * from the listing and its newest sale, so filtering by it happens after reading the month's stays.
 */
export async function hotelStays(
  db: Executor,
  hotelId: string,
  userId: string,
  filter: HotelStaysQuery,
): Promise<HotelStaysReply> {
  const { enterpriseId } = await memberHotelEnterprise(db, userId, hotelId);
  const rows = await db
    .selectFrom('listings as l')
    .innerJoin('reservations as r', 'r.id', 'l.reservation_id')
    .select(['l.id', 'l.status', 'l.room_type', 'l.start_utc', 'l.end_utc', 'l.time_zone', 'l.price_cents'])
    .select(['l.currency', 'l.created_at'])
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('orders as o')
          .select(['o.state', 'o.hotel_fee_cents'])
          .whereRef('o.listing_id', '=', 'l.id')
          .where('o.state', 'in', PAYMENT_RECORDED_STATES)
          .orderBy('o.created_at', 'desc')
          .limit(1)
          .as('sale'),
      (join) => join.onTrue(),
    )
    .select(['sale.state as sale', 'sale.hotel_fee_cents'])
    .where('r.enterprise_id', '=', enterpriseId)
    .$if(filter.month !== undefined, (query) =>
      // The month of check-in as the hotel counts its days.
      query.where(sql<string>`to_char(l.start_utc at time zone l.time_zone, 'YYYY-MM')`, '=', filter.month!),
    )
    .orderBy('l.start_utc', 'desc')
    .orderBy('l.id')
    .execute();
  const stays = rows
    .map((row) => ({
      listingId: row.id,
      state: hotelStayState(row.status, row.sale ?? null),
      roomType: row.room_type,
      checkIn: hotelDate(row.start_utc, row.time_zone),
      checkOut: hotelDate(row.end_utc, row.time_zone),
      askingCents: row.price_cents,
      currency: row.currency,
      feeCents: row.hotel_fee_cents ?? null,
      listedAt: new Date(row.created_at).toISOString(),
    }))
    .filter((stay) => filter.state === undefined || stay.state === filter.state);
  return { stays: stays.slice(0, HOTEL_STAYS_SHOWN), truncated: stays.length > HOTEL_STAYS_SHOWN };
}
