import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { verifiedReservationSchema } from '../../contract/selling.ts';
import type { Database } from '../db/schema.ts';

type VerifiedReservation = z.infer<typeof verifiedReservationSchema>;

/** The reservations this user has proved are theirs, newest proof first, each with its live listing if any. */
export async function listVerifiedReservations(db: Kysely<Database>, userId: string): Promise<VerifiedReservation[]> {
  const rows = await db
    .selectFrom('reservation_verifications as v')
    .innerJoin('reservations as r', 'r.id', 'v.reservation_id')
    .leftJoin('listings as l', (join) =>
      join.onRef('l.reservation_id', '=', 'r.id').on('l.status', 'in', ['active', 'reserved', 'inactive']),
    )
    .select([
      'r.confirmation_number',
      'r.external_id',
      'r.hotel_name',
      'r.city',
      'r.start_utc',
      'r.end_utc',
      'l.id as live_listing_id',
    ])
    .select((eb) => eb.fn.max('v.verified_at').as('verified_at'))
    .where('v.user_id', '=', userId)
    .where('v.verified_at', 'is not', null)
    .groupBy(['r.id', 'l.id'])
    .orderBy('verified_at', 'desc')
    .execute();
  return rows.map((row) => ({
    reservationId: row.confirmation_number,
    externalId: row.external_id,
    hotelName: row.hotel_name,
    city: row.city,
    startUtc: row.start_utc.toISOString(),
    endUtc: row.end_utc.toISOString(),
    verifiedAt: new Date(row.verified_at as Date | string).toISOString(),
    liveListingId: row.live_listing_id,
  }));
}
