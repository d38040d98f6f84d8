import { HOTEL_WITHDRAWAL_MESSAGES, type HotelWithdrawal } from '../../contract/handover.ts';
import { isSaleUnderWay, SALE_STATES } from '../../contract/order-state.ts';
import { inTransaction } from '../db/transaction.ts';
import { enqueueJob, enqueuePendingJob } from '../jobs/enqueue.ts';
import { transitionListing } from '../listings/transition.ts';
import type { BuyingDeps } from '../payments/deps.ts';
import { refundOrderByOperator } from '../payments/operator-refund.ts';
import { endHold } from '../payments/release-hold.ts';
import { problemWith, type ReservationProblem } from '../payments/reservation-check.ts';
import { knownHotelOf, type PmsReservation } from '../selling/pms/pms.ts';
import { cancelledByHotel, parkCancelledStay } from './parked-cancellations.ts';
import { failSale } from './fail-sale.ts';
import { HANDOVER_JOBS } from './jobs.ts';

/** Every import stores a Mews reservation (the demo PMS speaks Mews) under this provider. */
const PROVIDER = 'mews';

/**
 * Queues one re-read per reservation the hotel says changed, for the reservations Restay knows (the hotel
 * notifies about all of its own). The notice carries no identity of its own and the job reads the hotel's
 * current state, so a reservation that already has a re-read waiting gets no second one: a redelivered or
 * repeated notice is absorbed by it. One that arrives while a re-read runs queues the next (the running one
 * may have read before the change). Answers how many were queued.
 */
export async function enqueueHotelChanges(
  deps: Pick<BuyingDeps, 'db' | 'clock'>,
  reservationIds: readonly string[],
): Promise<number> {
  const unique = [...new Set(reservationIds)];
  if (!unique.length) return 0;
  const known = await deps.db
    .selectFrom('reservations')
    .select('external_id')
    .where('provider', '=', PROVIDER)
    .where('external_id', 'in', unique)
    .execute();
  let queued = 0;
  for (const { external_id: reservationId } of known) {
    // Two deliveries racing here queue one job: the database keeps one re-read per reservation waiting.
    const now = deps.clock();
    const added = await enqueuePendingJob(deps.db, HANDOVER_JOBS.hotelChange, reservationId, { reservationId }, now);
    if (added) queued += 1;
  }
  return queued;
}

/**
 * The hotel changed a reservation: read it again and act on what the hotel now holds. A listing that can no
 * longer be sold as listed (cancelled, no longer confirmed, other dates, another guest) is withdrawn at once, a
 * hold on it ended first; a sale under way ends `transfer_failed` and is refunded in full ("cancelled by the
 * hotel"). A withdrawn listing records why and its seller is emailed. A transferred stay is the buyer's now:
 * its change is logged for an operator, nothing is undone, except that with `PAYOUT_RELEASE=check_in` a stay the
 * hotel cancels before check-in, for a reason that says the hotel did it, is refunded to the buyer (its payout,
 * held until check-in for this, is cancelled with the refund); any other cancellation may be the buyer's own and
 * is parked for an operator. A hotel that cannot be asked (its system down, its token unusable) changes nothing:
 * the job is tried again later. Every step is guarded by state, so running it twice changes nothing more.
 */
export async function applyHotelChange(deps: BuyingDeps, reservationId: string): Promise<void> {
  const stored = await deps.db
    .selectFrom('reservations')
    .select('enterprise_id')
    .where('provider', '=', PROVIDER)
    .where('external_id', '=', reservationId)
    .executeTakeFirst();
  const lookup = await deps.pms.findByExternalId(reservationId, stored ? knownHotelOf(stored) : undefined);
  if (lookup.kind === 'unknown') {
    deps.logger.info(
      { reservationId, why: lookup.why },
      'a hotel change cannot be read now: nothing withdrawn or refunded',
    );
    throw new Error(`the changed reservation cannot be read now: ${lookup.why}`);
  }
  // The hotel answered: a reservation it no longer has is one it cancelled.
  const reservation = lookup.kind === 'found' ? lookup.reservation : null;
  const listings = await deps.db
    .selectFrom('listings')
    .innerJoin('reservations', 'reservations.id', 'listings.reservation_id')
    .select([
      'listings.id',
      'listings.status',
      'listings.start_utc as startUtc',
      'listings.end_utc as endUtc',
      'reservations.guest_email',
    ])
    .where('reservations.provider', '=', PROVIDER)
    .where('reservations.external_id', '=', reservationId)
    .where('listings.status', 'in', ['active', 'inactive', 'awaiting_hotel', 'reserved', 'sold'])
    .execute();

  for (const listing of listings) {
    if (listing.status === 'sold') {
      await sold(deps, reservation, listing);
      continue;
    }
    const found = mismatch(reservation, listing);
    if (!found) continue;
    if (listing.status === 'reserved') await endHoldOn(deps, listing.id, found.problem);
    await withdraw(deps, listing.id, found);
  }
}

type LiveListing = { id: string; startUtc: Date; endUtc: Date; guest_email: string | null };

/**
 * A sold listing's order: refunded while the sale is under way (a reservation read as cancelled or changed
 * settles an unknown transfer too: the buyer does not hold it); refunded once the stay is the buyer's only when
 * cancelled before check-in under check-in release; else logged.
 */
async function sold(deps: BuyingDeps, reservation: PmsReservation | null, listing: LiveListing) {
  const order = await deps.db
    .selectFrom('orders')
    .innerJoin('profiles as buyer', 'buyer.id', 'orders.buyer_id')
    .select([
      'orders.id',
      'orders.state',
      (eb) => eb.fn.coalesce('orders.buyer_email', 'buyer.email').as('buyer_email'),
    ])
    .where('orders.listing_id', '=', listing.id)
    .where('orders.state', 'in', SALE_STATES)
    .executeTakeFirst();
  if (!order) {
    deps.logger.info({ listingId: listing.id }, 'hotel change on a sold listing with no sale under way: nothing to do');
    return;
  }
  // Until the handover is recorded the hotel may name the seller or, once our own change went through, the buyer.
  const problem =
    problemWith(reservation, listing) ?? guestProblem(reservation, [listing.guest_email, order.buyer_email]);
  if (!problem) {
    deps.logger.info({ orderId: order.id }, 'hotel change read: the reservation still fits the sale');
    return;
  }
  if (isSaleUnderWay(order.state)) {
    deps.logger.warn(
      { orderId: order.id, reason: problem.reason },
      'the hotel changed a reservation being sold; refunding the buyer',
    );
    await failSale(deps, order.id, 'cancelled_by_hotel', problem.message);
    return;
  }
  if (cancelledBeforeCheckIn(deps, problem, listing)) {
    if (!cancelledByHotel(reservation))
      return parkCancelledStay(deps, order.id, reservation?.cancellationReason ?? null);
    deps.logger.warn(
      { orderId: order.id },
      'the hotel cancelled a stay in the buyer’s name before check-in: refunding the buyer, the payout is cancelled',
    );
    await refundOrderByOperator(deps, {
      orderId: order.id,
      reason: 'cancelled_by_hotel',
      by: 'the hotel cancelled the reservation before check-in',
    });
    return;
  }
  deps.logger.warn(
    { orderId: order.id, reason: problem.reason },
    'the hotel changed a reservation already in the buyer’s name; an operator may refund the order',
  );
}

/**
 * With `PAYOUT_RELEASE=check_in` the seller's money waits until check-in so that a stay the hotel cancels before
 * then is the buyer's money back, not the seller's; with `transferred` it was paid out at once and an operator
 * decides (the buyer may have cancelled it themselves).
 */
function cancelledBeforeCheckIn(deps: BuyingDeps, problem: ReservationProblem, listing: LiveListing): boolean {
  return (
    deps.payouts.release === 'check_in' &&
    problem.reason === 'reservation_cancelled' &&
    deps.clock().getTime() < listing.startUtc.getTime()
  );
}

/** Ends the checkout holding the listing, the safe way round; a payment that landed meanwhile is refunded. */
async function endHoldOn(deps: BuyingDeps, listingId: string, problem: ReservationProblem) {
  const open = await deps.db
    .selectFrom('orders')
    .selectAll()
    .where('listing_id', '=', listingId)
    .where('state', '=', 'open')
    .executeTakeFirst();
  if (!open) return;
  const ended = await endHold(deps, open, 'cancelled', 'the hotel cancelled or changed the reservation');
  if (isSaleUnderWay(ended.state)) await failSale(deps, ended.id, 'cancelled_by_hotel', problem.message);
}

/** What `problemWith` finds, as the seller is told it. */
const WITHDRAWAL_OF: Record<ReservationProblem['reason'], HotelWithdrawal> = {
  reservation_cancelled: 'cancelled',
  reservation_not_confirmed: 'not_confirmed',
  reservation_changed: 'dates_changed',
};

type Mismatch = { problem: ReservationProblem; withdrawal: HotelWithdrawal };

/** How the hotel's reservation no longer fits the listing (gone, unconfirmed, other dates, another guest); else null. */
function mismatch(reservation: PmsReservation | null, listing: LiveListing): Mismatch | null {
  const problem = problemWith(reservation, listing);
  if (problem) return { problem, withdrawal: WITHDRAWAL_OF[problem.reason] };
  const guest = guestProblem(reservation, [listing.guest_email]);
  return guest ? { problem: guest, withdrawal: 'guest_changed' } : null;
}

/** Withdraws the listing, records why, and queues the seller's email in the same transaction. */
async function withdraw(deps: BuyingDeps, listingId: string, { problem, withdrawal }: Mismatch) {
  const withdrawn = await inTransaction(deps.db, async (trx) => {
    const current = await trx
      .selectFrom('listings')
      .select('status')
      .where('id', '=', listingId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    // Sold meanwhile (then refunded above) or already ended: nothing left to withdraw. One waiting for the
    // hotel's approval leaves its queue the same way.
    if (!['active', 'inactive', 'awaiting_hotel'].includes(current.status)) return false;
    const now = deps.clock();
    await transitionListing(trx, { listingId, from: [current.status], to: 'withdrawn', now });
    await trx.updateTable('listings').set({ withdrawn_by_hotel: withdrawal }).where('id', '=', listingId).execute();
    await enqueueJob(trx, HANDOVER_JOBS.sellerListingWithdrawn, listingId, { listingId }, now);
    return true;
  });
  if (withdrawn)
    deps.logger.info(
      { listingId, reason: problem.reason },
      'listing withdrawn: the hotel cancelled or changed its reservation',
    );
}

const normalised = (email: string | null | undefined) => email?.trim().toLowerCase() || null;

/** The hotel names a guest other than the ones this stay may be in the name of (e.g. moved to someone else). */
function guestProblem(
  reservation: PmsReservation | null,
  expected: readonly (string | null)[],
): ReservationProblem | undefined {
  const guest = normalised(reservation?.guest.email);
  if (guest && expected.some((email) => normalised(email) === guest)) return undefined;
  return {
    reason: 'reservation_changed',
    message: 'The hotel changed the guest on this reservation, so the stay can no longer be sold as listed.',
  };
}

/** What the seller's withdrawal email says: the listing, its seller's address and why, in their words. */
export async function loadWithdrawalFacts(deps: Pick<BuyingDeps, 'db' | 'publicUrl'>, listingId: string) {
  const row = await deps.db
    .selectFrom('listings')
    .innerJoin('profiles', 'profiles.id', 'listings.seller_id')
    .select(['listings.title', 'listings.hotel_name', 'listings.withdrawn_by_hotel', 'profiles.email'])
    .where('listings.id', '=', listingId)
    .executeTakeFirstOrThrow();
  return {
    to: row.email,
    hotel: row.hotel_name ?? row.title,
    title: row.title,
    message: row.withdrawn_by_hotel ? HOTEL_WITHDRAWAL_MESSAGES[row.withdrawn_by_hotel] : null,
    publicUrl: deps.publicUrl,
  };
}
