import type { ReverseHandover } from '../../contract/order-state.ts';
import type { OrderRow } from '../db/schema.ts';
import type { Executor } from '../db/transaction.ts';
import { enqueueJob } from '../jobs/enqueue.ts';
import { SALE_JOBS } from './sale-jobs.ts';

/**
 * A refund of a stay the hotel names the buyer for returns the stay to the seller (ADR 0075), unless the hotel
 * itself cancelled it: then nobody holds it, and the refund undoes the sale at once as before.
 */
export function refundReturnsTheStay(order: Pick<OrderRow, 'transferred_at' | 'refund_reason'>): boolean {
  return order.transferred_at !== null && order.refund_reason !== 'cancelled_by_hotel';
}

/**
 * The payout of this order may be taken back: the order is refunded and its stay is not (or no longer may be) the
 * buyer's. Not while the hotel is asked to name the seller again, nor once the buyer kept the stay: its seller
 * keeps the payout then (ADR 0075).
 */
export function payoutMayBeTakenBack(order: { state: string; reverse_handover: ReverseHandover | null }): boolean {
  return (
    order.state !== 'transferred' && order.reverse_handover !== 'pending' && order.reverse_handover !== 'kept_by_buyer'
  );
}

/**
 * In the transaction that records the refund (or the transfer that lands after it): the order's reverse handover
 * becomes `pending` and its job is queued, so the stay is never left in the buyer's name with nothing to say who
 * holds it. Once per order: answers false when one was already started.
 */
export async function startReverseHandover(trx: Executor, orderId: string, now: Date, why: string): Promise<boolean> {
  const started = await trx
    .updateTable('orders')
    .set({ reverse_handover: 'pending', reverse_handover_at: now, updated_at: now })
    .where('id', '=', orderId)
    .where('state', '=', 'refunded')
    .where('reverse_handover', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!started) return false;
  await recordReverseHandoverEvent(trx, orderId, 'pending', now, why);
  await enqueueJob(trx, SALE_JOBS.reverseHandover, orderId, { orderId }, now);
  return true;
}

/**
 * The reverse handover's outcome, recorded once: `returned_to_seller` or `kept_by_buyer` from `pending`. Answers
 * false when it is no longer pending (another run recorded it).
 */
export async function settleReverseHandover(
  trx: Executor,
  orderId: string,
  outcome: Exclude<ReverseHandover, 'pending'>,
  now: Date,
  why: string,
): Promise<boolean> {
  const settled = await trx
    .updateTable('orders')
    .set({ reverse_handover: outcome, reverse_handover_at: now, updated_at: now })
    .where('id', '=', orderId)
    .where('reverse_handover', '=', 'pending')
    .returning('id')
    .executeTakeFirst();
  if (settled) await recordReverseHandoverEvent(trx, orderId, outcome, now, why);
  return settled !== undefined;
}

/** The order's history keeps each step of the reverse handover (the order stays `refunded` throughout). */
const recordReverseHandoverEvent = (trx: Executor, orderId: string, step: ReverseHandover, now: Date, why: string) =>
  trx
    .insertInto('order_events')
    .values({
      order_id: orderId,
      from_state: 'refunded',
      to_state: 'refunded',
      reason: `reverse handover ${step}: ${why}`,
      at: now,
    })
    .execute();
