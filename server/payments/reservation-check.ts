import { inTransaction } from '../db/transaction.ts';
import { AppError } from '../http/errors.ts';
import { transitionListing } from '../listings/transition.ts';
import type { KnownHotel, PmsLookup, PmsReservation } from '../selling/pms/pms.ts';
import type { BuyingDeps } from './deps.ts';

interface ListedStay {
  listingId: string;
  externalId: string;
  /** The hotel stored with the reservation: asked alone, whatever its standing. */
  hotel?: KnownHotel;
  startUtc: Date;
  endUtc: Date;
}

export type ReservationProblem = {
  reason: 'reservation_cancelled' | 'reservation_not_confirmed' | 'reservation_changed';
  message: string;
};

const hotelUnreachable = () =>
  new AppError('UPSTREAM_ERROR', "We couldn't reach the hotel's system to confirm this stay. Please try again.");

/**
 * Re-reads the reservation from the hotel's system before anyone pays for it. A reservation that was
 * cancelled, is no longer confirmed, or whose dates changed cannot be sold as listed: the listing is withdrawn
 * (so nobody else tries) and the buyer gets 409 saying why. A hotel that cannot be asked (its system down, or
 * its token unusable) withdraws nothing: the buyer gets the retryable 502 UPSTREAM_ERROR.
 */
export async function assertReservationStillSellable(
  deps: Pick<BuyingDeps, 'db' | 'clock' | 'pms' | 'logger'>,
  stay: ListedStay,
): Promise<PmsReservation> {
  let lookup: PmsLookup;
  try {
    lookup = await deps.pms.findByExternalId(stay.externalId, stay.hotel);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw hotelUnreachable();
  }
  if (lookup.kind === 'unknown') {
    deps.logger.info(
      { listingId: stay.listingId, why: lookup.why },
      'checkout refused for now: the hotel cannot be asked',
    );
    throw hotelUnreachable();
  }
  const reservation = lookup.kind === 'found' ? lookup.reservation : null;
  const problem = problemWith(reservation, stay);
  if (!problem) return reservation!; // problemWith finds a reservation that is gone a problem
  await inTransaction(deps.db, (trx) =>
    transitionListing(trx, { listingId: stay.listingId, from: ['active'], to: 'withdrawn', now: deps.clock() }),
  );
  throw new AppError('CONFLICT', problem.message, { reason: problem.reason, status: 'withdrawn' });
}

/**
 * Why a stay can no longer be sold as listed, judged from the hotel's reservation (null: the hotel answered
 * that it is gone; an unknown answer never reaches here); else undefined.
 */
export function problemWith(
  reservation: PmsReservation | null,
  stay: Pick<ListedStay, 'startUtc' | 'endUtc'>,
): ReservationProblem | undefined {
  if (!reservation || reservation.state === 'cancelled') {
    return {
      reason: 'reservation_cancelled',
      message:
        'This reservation was cancelled at the hotel, so the stay can no longer be bought. The listing has been withdrawn.',
    };
  }
  if (reservation.state !== 'confirmed') {
    return {
      reason: 'reservation_not_confirmed',
      message:
        'The hotel no longer shows this reservation as confirmed, so the stay can no longer be bought. The listing has been withdrawn.',
    };
  }
  if (
    reservation.startUtc.getTime() !== stay.startUtc.getTime() ||
    reservation.endUtc.getTime() !== stay.endUtc.getTime()
  ) {
    return {
      reason: 'reservation_changed',
      message:
        "The hotel's reservation dates changed since this stay was listed, so it can no longer be bought. The listing has been withdrawn.",
    };
  }
  return undefined;
}
