import { inTransaction, type Executor } from '../db/transaction.ts';
import { AppError } from '../http/errors.ts';
import { hotelPolicyRefusal } from '../resale-policy/facts.ts';
import { pauseForHotel } from '../resale-policy/pause-listing.ts';
import { hotelStanding, type HotelStandingRow, type PaymentMoment } from '../resale-policy/standing.ts';
import { policyVerdict, type PolicyReason } from '../resale-policy/verdict.ts';
import { pmsFacts } from '../selling/hotel-allows.ts';
import type { PmsReservation } from '../selling/pms/pms.ts';
import type { BuyingDeps } from './deps.ts';

/** The listing as checkout read it: the stored reservation's hotel is the one every policy check asks. */
export interface CheckedListing {
  id: string;
  price_cents: number;
  hotel_pause_reason: string | null;
  hotel_name: string | null;
  enterprise_id: string | null;
}

/**
 * The hotel's standing (switch, status, live policy) read with its row held (FOR SHARE) until the transaction
 * ends. A publish, a pause or a suspension locks the same row to write, so it either committed before this read
 * (and is what this read sees) or waits until the caller's transaction is done (and then brings what it held in
 * line, ADR 0080): a checkout opened a moment before a publish or a pause never sells against it. `asOf`: the
 * standing a payment is judged by (hotelStanding).
 */
export async function lockedHotelStanding(
  trx: Executor,
  listing: Pick<CheckedListing, 'enterprise_id' | 'hotel_name'>,
  fallbackName: string,
  asOf?: PaymentMoment,
): Promise<HotelStandingRow> {
  const enterpriseId = listing.enterprise_id ?? '';
  await trx.selectFrom('hotels').select('id').where('enterprise_id', '=', enterpriseId).forShare().execute();
  return hotelStanding(trx, { enterpriseId }, listing.hotel_name ?? fallbackName, asOf);
}

/** A hotel whose standing cannot be read (none of that enterprise has joined yet) gives no verdict: try again. */
export function assertStandingKnown(standing: HotelStandingRow): void {
  if (standing.status === 'unknown')
    throw new AppError('SERVICE_UNAVAILABLE', `${standing.name}'s resale policy cannot be read right now`, {
      reason: 'hotel_standing_unknown',
    });
}

/** The hotel's reasons to refuse the stay's sale now (none: it allows it), from the reservation as its system gives it. */
export function hotelRefusals(
  standing: HotelStandingRow,
  listing: Pick<CheckedListing, 'price_cents'>,
  reservation: PmsReservation,
  now: Date,
): PolicyReason[] {
  assertStandingKnown(standing);
  return policyVerdict(standing, pmsFacts(reservation, listing.price_cents), now);
}

/**
 * A buyer cannot pay for a stay its hotel no longer allows to be resold (a rule changed, the cut-off came, the
 * hotel paused resale): the listing is paused with the hotel's reason for its seller, and the buyer gets 409
 * with the hotel's sentences. The stay's facts are read from the reservation as the hotel's system gives it now;
 * the hotel is the stored reservation's (its enterprise), as on the stay's page and in the marketplace's
 * "approved by the hotel" filter, so the three cannot disagree. Checked before the hold (so a refused stay is
 * paused for its seller at once) and again inside it (lockedHotelStanding).
 */
export async function assertHotelStillAllows(
  deps: Pick<BuyingDeps, 'db' | 'clock'>,
  listing: CheckedListing,
  reservation: PmsReservation,
): Promise<void> {
  const standing = await hotelStanding(
    deps.db,
    { enterpriseId: listing.enterprise_id ?? '' },
    listing.hotel_name ?? reservation.hotel.name,
  );
  const reasons = hotelRefusals(standing, listing, reservation, deps.clock());
  if (reasons.length) await refuseForHotel(deps, listing, reasons);
}

/** The hotel's rule, read in the hold's transaction, refuses the stay: the hold rolls back with this. */
export class HotelRefusedAtHold extends Error {
  constructor(readonly reasons: PolicyReason[]) {
    super('the hotel no longer allows this stay to be resold');
  }
}

/** Pauses the listing with the hotel's reasons for its seller, and refuses the buyer (409 `hotel_policy`). */
export async function refuseForHotel(
  deps: Pick<BuyingDeps, 'db' | 'clock'>,
  listing: CheckedListing,
  reasons: PolicyReason[],
): Promise<never> {
  const now = deps.clock();
  await inTransaction(deps.db, (trx) => pauseForHotel(trx, { ...listing, status: 'active' }, reasons, now)).catch(
    (error: unknown) => {
      // Someone else moved the listing first (a hold, the seller): the buyer is refused all the same.
      if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error;
    },
  );
  throw hotelPolicyRefusal(reasons, 'This stay can no longer be bought.');
}
