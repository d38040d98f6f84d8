import type { Executor } from '../db/transaction.ts';
import type { ReservationRow } from '../db/schema.ts';
import type { PmsReservation } from './pms/pms.ts';

/** Every reservation is read through the Mews Connector API (the demo PMS speaks it too). */
export const PROVIDER = 'mews';

/**
 * Stores the reservation as the hotel's system knows it now, keeping who proved ownership of it. Called with
 * every fresh read, so the stored copy (state, price paid, photos) never lags behind the last answer.
 */
export async function saveReservation(trx: Executor, reservation: PmsReservation): Promise<ReservationRow> {
  const fields = {
    confirmation_number: reservation.confirmationNumber,
    start_utc: reservation.startUtc,
    end_utc: reservation.endUtc,
    resource_name: reservation.roomName,
    hotel_name: reservation.hotel.name,
    address: reservation.hotel.addressLine,
    city: reservation.hotel.city,
    country_code: reservation.hotel.countryCode,
    latitude: reservation.hotel.latitude,
    longitude: reservation.hotel.longitude,
    currency: reservation.currency,
    time_zone: reservation.hotel.timeZone ?? 'UTC',
    amount_paid_cents: reservation.amountPaidCents,
    guest_email: reservation.guest.email,
    guest_first_name: reservation.guest.firstName,
    guest_last_name: reservation.guest.lastName,
    state: reservation.state,
    room_image_urls: JSON.stringify(reservation.roomImageUrls),
    enterprise_id: reservation.hotel.enterpriseId,
    rate_id: reservation.resale.rateId,
    room_type_id: reservation.resale.roomTypeId,
    channels: JSON.stringify(reservation.resale.channels),
  };
  return trx
    .insertInto('reservations')
    .values({ provider: PROVIDER, external_id: reservation.externalId, ...fields })
    .onConflict((oc) => oc.columns(['provider', 'external_id']).doUpdateSet(fields))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The live listing (active, reserved or inactive) of the reservation with this PMS id, if any. */
export async function liveListingIdOf(db: Executor, externalId: string): Promise<string | null> {
  const row = await db
    .selectFrom('listings')
    .innerJoin('reservations', 'reservations.id', 'listings.reservation_id')
    .select('listings.id')
    .where('reservations.provider', '=', PROVIDER)
    .where('reservations.external_id', '=', externalId)
    .where('listings.status', 'in', ['active', 'reserved', 'inactive'])
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * The reservation `reference` (its confirmation number or PMS id) if this user has proved it is theirs with a
 * code; the most recently verified one if two hotels share a confirmation number.
 */
export async function findVerifiedReservation(
  db: Executor,
  userId: string,
  reference: string,
): Promise<ReservationRow | undefined> {
  return db
    .selectFrom('reservations')
    .selectAll('reservations')
    .where('reservations.provider', '=', PROVIDER)
    .where((eb) =>
      eb.or([eb('reservations.confirmation_number', '=', reference), eb('reservations.external_id', '=', reference)]),
    )
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('reservation_verifications as v')
          .select('v.id')
          .whereRef('v.reservation_id', '=', 'reservations.id')
          .where('v.user_id', '=', userId)
          .where('v.verified_at', 'is not', null),
      ),
    )
    .orderBy('reservations.imported_at', 'desc')
    .executeTakeFirst();
}
