import type { Kysely } from 'kysely';
import { toCents } from '../../contract/money.ts';
import type { CreateListingRequest } from '../../contract/selling.ts';
import { ensureProfile } from '../accounts/ensure-profile.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { AppError } from '../http/errors.ts';
import { countryName } from './country-name.ts';
import { readVerifiedReservation } from './find-reservation.ts';
import { chosenImage, imageOptions } from './image-options.ts';
import type { Pms } from './pms/pms.ts';
import { assertHonestPrice } from './pricing.ts';
import { liveListingIdOf, saveReservation } from './reservation-store.ts';
import { alreadyListed, assertTransferable } from './transferability.ts';

export interface CreateListingDependencies {
  db: Kysely<Database>;
  clock: Clock;
  pms: Pms;
  maxMarkupPercent: number;
}

const required = (field: string, message: string) => new AppError('VALIDATION_ERROR', message, [{ field, message }]);

const isLiveListingConflict = (error: unknown) =>
  (error as { code?: unknown; constraint?: unknown } | null)?.code === '23505' &&
  (error as { constraint?: unknown }).constraint === 'listings_one_live_per_reservation';

/**
 * Lists a reservation the seller verified. The hotel's system is read again first, so a reservation cancelled
 * or started since the code was entered is refused; the stay dates, position and currency are the hotel's,
 * and the text fields the seller leaves empty take the hotel's values.
 */
export async function createListing(deps: CreateListingDependencies, user: { id: string; email: string | undefined }, input: CreateListingRequest) {
  const { db, clock, maxMarkupPercent } = deps;
  const { fresh } = await readVerifiedReservation(deps, user.id, input.mewsReservationId);
  const now = clock();
  assertTransferable(fresh, now, await liveListingIdOf(db, fresh.externalId));

  const priceCents = toCents(input.listingPrice);
  assertHonestPrice(priceCents, { amountPaidCents: fresh.amountPaidCents, currency: fresh.currency, maxMarkupPercent });
  const imageUrl = chosenImage(imageOptions(fresh.externalId, fresh.roomImageUrls), input.imageUrl);
  const city = input.city || fresh.hotel.city;
  if (!city) throw required('city', 'Please enter the city.');
  const country = input.country || countryName(fresh.hotel.countryCode);
  if (!country) throw required('country', 'Please enter the country.');

  try {
    return await inTransaction(db, async (trx) => {
      const reservation = await saveReservation(trx, fresh);
      // Listings reference the seller's profile, which the server makes sure exists.
      await ensureProfile(trx, user);
      return trx
        .insertInto('listings')
        .values({
          seller_id: user.id,
          reservation_id: reservation.id,
          title: input.title,
          description: input.description || null,
          price_cents: priceCents,
          currency: fresh.currency,
          hotel_name: input.hotelName || fresh.hotel.name,
          city,
          country,
          location: input.location || null,
          latitude: fresh.hotel.latitude,
          longitude: fresh.hotel.longitude,
          image_url: imageUrl,
          start_utc: fresh.startUtc,
          end_utc: fresh.endUtc,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    });
  } catch (error) {
    // Two requests that both passed the check above: the unique index lets one listing through.
    if (isLiveListingConflict(error)) throw alreadyListed();
    throw error;
  }
}
