import { inTransaction } from '../db/transaction.ts';
import { AppError } from '../http/errors.ts';
import { hotelPolicyRefusal } from '../resale-policy/facts.ts';
import { pauseForHotel } from '../resale-policy/pause-listing.ts';
import { hotelStanding } from '../resale-policy/standing.ts';
import { policyVerdict } from '../resale-policy/verdict.ts';
import { pmsFacts } from '../selling/hotel-allows.ts';
import type { PmsReservation } from '../selling/pms/pms.ts';
import type { BuyingDeps } from './deps.ts';

/** The listing as checkout read it: the stored reservation's hotel is the one every policy check asks. */
interface CheckedListing {
  id: string;
  price_cents: number;
  hotel_pause_reason: string | null;
  hotel_name: string | null;
  enterprise_id: string | null;
}

/**
 * A buyer cannot pay for a stay its hotel no longer allows to be resold (a rule changed, the cut-off came, the
 * hotel paused resale): the listing is paused with the hotel's reason for its seller, and the buyer gets 409
 * with the hotel's sentences. The stay's facts are read from the reservation as the hotel's system gives it now;
 * the hotel is the stored reservation's (its enterprise), as on the stay's page and in the marketplace's
 * "approved by the hotel" filter, so the three cannot disagree. A hotel whose standing cannot be read (no hotel
 * of that enterprise has joined, as while start-up imports them) is no verdict: the buyer is asked to try again
 * shortly and the listing stays on sale.
 */
export async function assertHotelStillAllows(
  deps: Pick<BuyingDeps, 'db' | 'clock'>,
  listing: CheckedListing,
  reservation: PmsReservation,
): Promise<void> {
  const now = deps.clock();
  const hotel = { enterpriseId: listing.enterprise_id ?? '' };
  const standing = await hotelStanding(deps.db, hotel, listing.hotel_name ?? reservation.hotel.name);
  if (standing.status === 'unknown') {
    throw new AppError('SERVICE_UNAVAILABLE', `${standing.name}'s resale policy cannot be read right now`, {
      reason: 'hotel_standing_unknown',
    });
  }
  const reasons = policyVerdict(standing, pmsFacts(reservation, listing.price_cents), now);
  if (!reasons.length) return;
  await inTransaction(deps.db, (trx) => pauseForHotel(trx, { ...listing, status: 'active' }, reasons, now)).catch(
    (error: unknown) => {
      // Someone else moved the listing first (a hold, the seller): the buyer is refused all the same.
      if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error;
    },
  );
  throw hotelPolicyRefusal(reasons, 'This stay can no longer be bought.');
}
