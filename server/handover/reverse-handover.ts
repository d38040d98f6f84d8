import { inTransaction } from '../db/transaction.ts';
import { enqueueJob } from '../jobs/enqueue.ts';
import { RetryJobLater } from '../jobs/errors.ts';
import { holdJobLease, type JobLease } from '../jobs/lease.ts';
import type { JobAttempt } from '../jobs/registry.ts';
import { postPlatformLoss } from '../ledger/money-events.ts';
import { transitionListing } from '../listings/transition.ts';
import type { BuyingDeps } from '../payments/deps.ts';
import { settleReverseHandover } from '../orders/reverse-handover.ts';
import { SALE_JOBS } from '../orders/sale-jobs.ts';
import { undoSale } from '../orders/undo-sale.ts';
import { knownHotelOf, PmsTransferError, type PmsGuest } from '../selling/pms/pms.ts';
import { HANDOVER_JOBS } from './jobs.ts';
import { namesBuyer } from './transfer-reservation.ts';

/** An unanswered hotel is asked again from a minute on, each wait doubling up to 6 hours, and never past check-in. */
const FIRST_RETRY_MS = 60_000;
const LONGEST_RETRY_MS = 6 * 60 * 60_000;

/**
 * The reverse handover job (ADR 0075): a refunded stay the hotel names the buyer for is put back in the seller's
 * name through the same port as the forward transfer (`transferToGuest`, safe to repeat), with the names and email
 * the reservation had before the sale. Accepted: the sale is undone (the payout cancelled or taken back) and the
 * seller may list the stay again. Refused, the reservation cancelled or gone, or the hotel still unanswered at
 * check-in: the buyer keeps the stay, the refund is the platform's loss and the seller is paid. An outage or a
 * rate limit is retried until check-in. Each outcome is recorded once, while the job's `lease` is this run's.
 */
export async function reverseHandover(deps: BuyingDeps, orderId: string, attempt: JobAttempt): Promise<void> {
  const order = await loadReverseHandover(deps, orderId);
  if (order.reverse_handover !== 'pending') {
    deps.logger.info({ orderId, reverseHandover: order.reverse_handover }, 'reverse handover: nothing pending');
    return;
  }
  const untilCheckIn = order.start_utc.getTime() - deps.clock().getTime();
  if (untilCheckIn <= 0) return keptByBuyer(deps, orderId, 'the hotel could not be asked before check-in', attempt);
  const seller = sellerAsGuest(order);
  try {
    const lookup = await deps.pms.findByExternalId(order.external_id, knownHotelOf(order));
    if (lookup.kind === 'unknown') throw new PmsTransferError('unavailable', `cannot be read: ${lookup.why}`);
    if (lookup.kind === 'gone') return keptByBuyer(deps, orderId, 'the hotel no longer has the reservation', attempt);
    if (lookup.reservation.state === 'cancelled')
      return keptByBuyer(deps, orderId, 'the reservation is cancelled at the hotel', attempt);
    // A retry may follow an attempt whose change went through with its reply lost: ask first.
    if (!namesBuyer(lookup.reservation, seller.email))
      await deps.pms.transferToGuest(order.external_id, seller, knownHotelOf(order));
  } catch (error) {
    const failure =
      error instanceof PmsTransferError ? error : new PmsTransferError('unavailable', String((error as Error).message));
    if (failure.kind === 'refused')
      return keptByBuyer(deps, orderId, `the hotel refused to name the seller: ${failure.message}`, attempt);
    if (attempt.lastAttempt) return keptByBuyer(deps, orderId, 'the hotel did not answer in time', attempt);
    const backoff = Math.min(FIRST_RETRY_MS * 2 ** (attempt.attempt - 1), LONGEST_RETRY_MS);
    const wait = failure.kind === 'rate_limited' && failure.retryAfterMs !== null ? failure.retryAfterMs : backoff;
    deps.logger.warn({ orderId, kind: failure.kind, err: error }, 'reverse handover: the hotel did not answer');
    // Never later than check-in, when the outcome is decided either way.
    throw new RetryJobLater(failure.message, Math.min(wait, untilCheckIn), { cause: error });
  }
  await returnedToSeller(deps, orderId, seller, attempt.lease);
}

/** The seller as the reservation named them before the sale, else as their profile names them. */
function sellerAsGuest(order: Awaited<ReturnType<typeof loadReverseHandover>>): PmsGuest {
  return {
    firstName: order.seller_guest_first_name ?? order.seller_first_name,
    lastName: order.seller_guest_last_name ?? order.seller_last_name,
    email: order.seller_guest_email ?? order.seller_email ?? '',
  };
}

/**
 * The hotel names the seller again: the reservation is theirs in Restay too (and only they may prove it and list
 * it again; the sold listing is withdrawn), the sale is undone as for any refund (undoSale: the payout cancelled or taken back) and both are told.
 */
async function returnedToSeller(deps: BuyingDeps, orderId: string, seller: PmsGuest, lease: JobLease) {
  await inTransaction(deps.db, async (trx) => {
    await holdJobLease(trx, lease);
    const now = deps.clock();
    const settled = await settleReverseHandover(trx, orderId, 'returned_to_seller', now, 'the hotel names the seller');
    if (!settled) return;
    const order = await trx
      .selectFrom('orders')
      .select(['reservation_id', 'seller_id', 'listing_id'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    // The sale's listing ends; the seller lists the stay anew once they prove it theirs again by code (their
    // earlier proofs were spent at the transfer).
    const listing = await trx
      .selectFrom('listings')
      .select('status')
      .where('id', '=', order.listing_id)
      .executeTakeFirstOrThrow();
    // A refund that landed mid-transfer withdrew it already.
    if (listing.status === 'sold')
      await transitionListing(trx, {
        listingId: order.listing_id,
        from: ['sold'],
        to: 'withdrawn',
        now,
        changes: { buyer_id: null },
      });
    await trx
      .updateTable('reservations')
      .set({
        guest_email: seller.email,
        guest_first_name: seller.firstName,
        guest_last_name: seller.lastName,
        owner_id: order.seller_id,
      })
      .where('id', '=', order.reservation_id)
      .execute();
    await undoSale(trx, orderId, now, 'handover.reverse_transfer');
    await enqueueJob(trx, HANDOVER_JOBS.sellerStayReturned, orderId, { orderId }, now);
    await enqueueJob(trx, HANDOVER_JOBS.buyerStayReturned, orderId, { orderId }, now);
  });
  deps.logger.info({ orderId }, 'reverse handover: the hotel names the seller again');
}

/**
 * The buyer keeps the stay: the refund is the platform's loss in the ledger (never the seller's), the seller is
 * paid as for a sale that stands (a port: payouts build on the handover), and both are told.
 */
async function keptByBuyer(deps: BuyingDeps, orderId: string, why: string, attempt: JobAttempt) {
  await inTransaction(deps.db, async (trx) => {
    await holdJobLease(trx, attempt.lease);
    const now = deps.clock();
    if (!(await settleReverseHandover(trx, orderId, 'kept_by_buyer', now, why))) return;
    await postPlatformLoss(trx, orderId, now);
    await enqueueJob(trx, SALE_JOBS.payKeptSale, orderId, { orderId }, now);
    await enqueueJob(trx, HANDOVER_JOBS.sellerStayKept, orderId, { orderId }, now);
    await enqueueJob(trx, HANDOVER_JOBS.buyerStayKept, orderId, { orderId }, now);
  });
  deps.logger.warn({ orderId, why }, 'reverse handover: the buyer keeps the stay; the refund is the platform’s loss');
}

function loadReverseHandover(deps: Pick<BuyingDeps, 'db'>, orderId: string) {
  return deps.db
    .selectFrom('orders')
    .innerJoin('reservations', 'reservations.id', 'orders.reservation_id')
    .innerJoin('listings', 'listings.id', 'orders.listing_id')
    .innerJoin('profiles as seller', 'seller.id', 'orders.seller_id')
    .select([
      'orders.reverse_handover',
      'orders.seller_guest_first_name',
      'orders.seller_guest_last_name',
      'orders.seller_guest_email',
      'seller.first_name as seller_first_name',
      'seller.last_name as seller_last_name',
      'seller.email as seller_email',
      'listings.start_utc',
      'reservations.external_id',
      'reservations.enterprise_id',
    ])
    .where('orders.id', '=', orderId)
    .executeTakeFirstOrThrow();
}
