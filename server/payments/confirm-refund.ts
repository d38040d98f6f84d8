import { canTransitionOrder, isSaleUnderWay, type RefundReason } from '../../contract/order-state.ts';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { enqueueJob } from '../jobs/enqueue.ts';
import { SALE_JOBS } from '../orders/sale-jobs.ts';
import { transitionListing } from '../listings/transition.ts';
import { enqueueOrderJob, PAYMENT_JOBS } from './jobs.ts';
import { lockOrderAndListing } from '../orders/order-lock.ts';
import { transitionOrder } from '../orders/order-transition.ts';
import { refundReturnsTheStay, startReverseHandover } from '../orders/reverse-handover.ts';
import { undoSale } from '../orders/undo-sale.ts';

export interface RefundConfirmation {
  orderId: string;
  now: Date;
  /** Kept in the order's history (e.g. `charge.refunded`). */
  source: string;
  /** Why, when the order was not already being refunded for a reason of ours (a refund made by hand). */
  reasonIfNone: RefundReason;
}

/**
 * The provider has confirmed that the buyer's money is back: the order ends `refunded` and the buyer is told
 * why. When the refund was made outside the product while the sale was still under way (paid, or being
 * transferred), the sale ends here too: the listing is withdrawn (the reservation stays the seller's) and the
 * seller is told. A stay already in the buyer's name goes back to the seller through the reverse handover, which
 * decides who bears the refund. Answers false when there is nothing to do (already refunded, or a state the
 * machine does not let go to `refunded`, such as an order whose payment is not recorded yet).
 */
export async function confirmRefund(trx: Transaction<Database>, confirmation: RefundConfirmation): Promise<boolean> {
  const { orderId, now, source } = confirmation;
  const { order, listing } = await lockOrderAndListing(trx, orderId);
  if (!canTransitionOrder(order.state, 'refunded')) return false;
  const refunded = await transitionOrder(trx, {
    orderId,
    from: [order.state],
    to: 'refunded',
    now,
    reason: source,
    changes: {
      refunded_at: now,
      refund_reason: order.refund_reason ?? confirmation.reasonIfNone,
      refund_requested_at: order.refund_requested_at ?? now,
    },
  });
  // Refunded after the stay became the buyer's: the hotel is asked to name the seller again, and the sale is
  // undone (or stands, the refund the platform's loss) by what it answers (ADR 0075). A stay the hotel cancelled
  // is nobody's: its sale and payout are undone at once.
  if (refundReturnsTheStay(refunded)) await startReverseHandover(trx, orderId, now, `${source} after the handover`);
  else await undoSale(trx, orderId, now, source);
  if (isSaleUnderWay(order.state) && listing.status === 'sold') {
    await transitionListing(trx, {
      listingId: listing.id,
      from: ['sold'],
      to: 'withdrawn',
      now,
      changes: { buyer_id: null },
    });
    await enqueueJob(trx, SALE_JOBS.sellerSaleRefunded, orderId, { orderId }, now);
  }
  await enqueueOrderJob(trx, PAYMENT_JOBS.refundEmail, orderId, now);
  return true;
}
