import type { OrderState, RefundReason } from '../../contract/order-state.ts';
import { inTransaction } from '../db/transaction.ts';
import { enqueueJob } from '../jobs/enqueue.ts';
import { holdJobLease, type JobLease } from '../jobs/lease.ts';
import { transitionListing } from '../listings/transition.ts';
import type { BuyingDeps } from '../payments/deps.ts';
import { enqueueOrderJob, PAYMENT_JOBS } from '../payments/jobs.ts';
import { lockOrderAndListing } from '../orders/order-lock.ts';
import { transitionOrder } from '../orders/order-transition.ts';
import { SALE_JOBS } from '../orders/sale-jobs.ts';

/** The states of a sale that has not been handed over (yet). */
const ENDABLE: readonly OrderState[] = ['paid', 'transferring', 'transfer_unknown', 'transfer_failed'];

/**
 * A sale that cannot be handed over ends in one transaction: the order goes `transfer_failed` (when it had not
 * reached the hotel yet, or a read showed the hotel still names the seller after an unknown outcome) and `refund_pending` with the true reason, the full refund is queued, the listing ends
 * `withdrawn` (the reservation returns to the seller, who may list it again) and the seller is told. The buyer
 * is told once the provider confirms the refund. An order no longer paid or transferring is left as it is.
 */
export async function failSale(
  deps: Pick<BuyingDeps, 'db' | 'clock'>,
  orderId: string,
  reason: RefundReason,
  detail: string,
  /** The transfer job's, when it ends the sale: only while its run still holds the job. */
  lease?: JobLease,
): Promise<void> {
  await inTransaction(deps.db, async (trx) => {
    await holdJobLease(trx, lease);
    const now = deps.clock();
    const { order, listing } = await lockOrderAndListing(trx, orderId);
    if (!ENDABLE.includes(order.state)) return;
    if (order.state !== 'transfer_failed') {
      await transitionOrder(trx, { orderId, from: [order.state], to: 'transfer_failed', now, reason: detail });
    }
    await transitionOrder(trx, {
      orderId,
      from: ['transfer_failed'],
      to: 'refund_pending',
      now,
      reason,
      changes: { refund_reason: reason, refund_requested_at: now },
    });
    if (listing.status === 'sold') {
      await transitionListing(trx, {
        listingId: listing.id,
        from: ['sold'],
        to: 'withdrawn',
        now,
        changes: { buyer_id: null },
      });
    }
    await enqueueOrderJob(trx, PAYMENT_JOBS.refund, orderId, now);
    await enqueueJob(trx, SALE_JOBS.sellerSaleRefunded, orderId, { orderId }, now);
  });
}
