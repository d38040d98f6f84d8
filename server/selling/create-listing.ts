import type { Kysely } from 'kysely';
import { toCents } from '../../contract/money.ts';
import { roomTypeOf } from '../../contract/room-type.ts';
import type { CreateListingRequest } from '../../contract/selling.ts';
import { ensureProfile } from '../accounts/ensure-profile.ts';
import { enqueueListingAlert } from '../alerts/job-types.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { countryName } from './country-name.ts';
import { readVerifiedReservation } from './find-reservation.ts';
import { chosenImage, imageOptions } from './image-options.ts';
import type { Pms } from './pms/pms.ts';
import { assertChargeablePrice, assertHonestPrice } from './pricing.ts';
import { liveListingIdOf, saveReservation } from './reservation-store.ts';
import { assertLiveProof, assertNoSaleUnderWay } from './ownership-proof.ts';
import { alreadyListed, assertTransferable } from './transferability.ts';
import { assertHotelAllows } from './hotel-allows.ts';
import { hotelApprovalAsk } from './hotel-approval-ask.ts';
import { askHotel } from '../resale-policy/ask-hotel.ts';
import { awaitingHotelText } from '../../contract/stay-approvals.ts';

export interface CreateListingDependencies {
  db: Kysely<Database>;
  clock: Clock;
  pms: Pms;
  maxMarkupPercent: number;
}

const isLiveListingConflict = (error: unknown) =>
  (error as { code?: unknown; constraint?: unknown } | null)?.code === '23505' &&
  (error as { constraint?: unknown }).constraint === 'listings_one_live_per_reservation';

/**
 * Lists a reservation the seller verified. The hotel's system is read again first, so a reservation cancelled
 * or started since the code was entered is refused. The hotel's name, city, country, position, the stay
 * dates and the currency come from the hotel's system only (the request schema has no field for them); the
 * seller writes the title, description and neighbourhood (location). Where the hotel approves each stay first,
 * the listing waits for it (`awaiting_hotel`) and the answer carries the seller's sentence saying so.
 */
export async function createListing(
  deps: CreateListingDependencies,
  user: { id: string; email: string | undefined },
  input: CreateListingRequest,
) {
  const { db, clock, maxMarkupPercent } = deps;
  const { fresh, stored } = await readVerifiedReservation(deps, user.id, input.mewsReservationId);
  const now = clock();
  await assertNoSaleUnderWay(db, fresh.externalId);
  await assertLiveProof(db, { userId: user.id, reservationId: stored.id, guestEmail: fresh.guest.email, now });
  assertTransferable(fresh, now, await liveListingIdOf(db, fresh.externalId));

  const priceCents = toCents(input.listingPrice);
  assertChargeablePrice(priceCents, fresh.currency);
  assertHonestPrice(priceCents, { amountPaidCents: fresh.amountPaidCents, currency: fresh.currency, maxMarkupPercent });
  // The hotel's rules, price cap included: the lower of Restay's ceiling and the hotel's holds.
  const standing = await assertHotelAllows(db, fresh, now, priceCents);
  const approval = hotelApprovalAsk(standing, { startUtc: fresh.startUtc, askingPriceCents: priceCents }, now);
  const imageUrl = chosenImage(imageOptions({ ...fresh, countryCode: fresh.hotel.countryCode }), input.imageUrl);
  // assertTransferable refused a reservation without them.
  const city = fresh.hotel.city ?? '';
  const country = countryName(fresh.hotel.countryCode) ?? '';

  try {
    return await inTransaction(db, async (trx) => {
      const reservation = await saveReservation(trx, fresh);
      // Listings reference the seller's profile, which the server makes sure exists.
      await ensureProfile(trx, user);
      const listing = await trx
        .insertInto('listings')
        .values({
          seller_id: user.id,
          reservation_id: reservation.id,
          title: input.title,
          description: input.description || null,
          price_cents: priceCents,
          paid_cents: fresh.amountPaidCents,
          currency: fresh.currency,
          hotel_name: fresh.hotel.name,
          city,
          country,
          location: input.location || null,
          latitude: fresh.hotel.latitude,
          longitude: fresh.hotel.longitude,
          image_url: imageUrl,
          room_type: roomTypeOf(fresh.roomName),
          guests: fresh.guests,
          start_utc: fresh.startUtc,
          end_utc: fresh.endUtc,
          time_zone: fresh.hotel.timeZone ?? 'UTC',
          status: approval ? 'awaiting_hotel' : 'active',
          approval_deadline: approval?.deadline ?? null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // A listing waiting for its hotel is news to saved searches only once approved (the approval alerts).
      if (approval) await askHotel(trx, { listingId: listing.id, ...approval }, now);
      else await enqueueListingAlert(trx, { listingId: listing.id, reason: 'new' }, now);
      return { id: listing.id, awaitingHotel: approval ? awaitingHotelText(standing.name, approval.hours) : null };
    });
  } catch (error) {
    // Two requests that both passed the check above: the unique index lets one listing through.
    // A sold listing still being handed over holds the same index: that race is a sale, not a listing.
    if (isLiveListingConflict(error)) {
      await assertNoSaleUnderWay(db, fresh.externalId);
      throw alreadyListed();
    }
    throw error;
  }
}
