import type { OperatorRefundReason } from '../../contract/order-state.ts';
import { inTransaction } from '../db/transaction.ts';
import { AppError } from '../http/errors.ts';
import { enqueueJob } from '../jobs/enqueue.ts';
import { transitionListing } from '../listings/transition.ts';
import type { BuyingDeps } from './deps.ts';
import { enqueueOrderJob, PAYMENT_JOBS } from './jobs.ts';
import { lockOrderAndListing } from '../orders/order-lock.ts';
import { transitionOrder } from '../orders/order-transition.ts';
import { SALE_JOBS } from '../orders/sale-jobs.ts';

/**
 * The states an operator may refund from: a sale not yet handed over (`paid`), one whose transfer's outcome is
 * unknown once the operator heard from the hotel that the seller is still named (`transfer_unknown`), or one the
 * hotel later cancelled (`transferred`). An order being transferred is refused until the hotel has answered, so
 * a refund never races the handover; every other state is already unpaid or already being refunded.
 */
const REFUNDABLE = ['paid', 'transfer_unknown', 'transferred'] as const;

/**
 * An operator (or, with `by`, the product on the hotel's word) refunds an order in full, through the same machine and jobs as the product's own refunds: the
 * order goes `refund_pending` with the reason (and the operator's note), the refund job is queued, and it
 * becomes `refunded` when the provider confirms. A sale not yet handed over also ends for the seller: the
 * listing is withdrawn (the reservation stays theirs) and they are told. Refuses (CONFLICT) an order in any
 * other state, changing nothing.
 */
export async function refundOrderByOperator(
  deps: Pick<BuyingDeps, 'db' | 'clock'>,
  input: { orderId: string; reason: OperatorRefundReason; note?: string; by?: string },
) {
  return inTransaction(deps.db, async (trx) => {
    const now = deps.clock();
    const { order, listing } = await lockOrderAndListing(trx, input.orderId);
    if (!(REFUNDABLE as readonly string[]).includes(order.state)) {
      throw new AppError(
        'CONFLICT',
        `Order ${order.id} is ${order.state}: only a paid, transfer_unknown or transferred order can be refunded this way.`,
        { state: order.state },
      );
    }
    const refunding = await transitionOrder(trx, {
      orderId: order.id,
      from: REFUNDABLE,
      to: 'refund_pending',
      now,
      reason: `${input.by ?? 'operator refund'}: ${input.reason}`,
      changes: { refund_reason: input.reason, refund_note: input.note ?? null, refund_requested_at: now },
    });
    const saleEnded = order.state !== 'transferred' && listing.status === 'sold';
    if (saleEnded) {
      await transitionListing(trx, {
        listingId: listing.id,
        from: ['sold'],
        to: 'withdrawn',
        now,
        changes: { buyer_id: null },
      });
      await enqueueJob(trx, SALE_JOBS.sellerSaleRefunded, order.id, { orderId: order.id }, now);
    }
    // No payout is sent while the order is refund_pending; it is cancelled or taken back when the refund is
    // confirmed (undoSale, as for every other refund).
    await enqueueOrderJob(trx, PAYMENT_JOBS.refund, order.id, now);
    return { order: refunding, from: order.state, listingWithdrawn: saleEnded };
  });
}
