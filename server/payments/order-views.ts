import type { Kysely } from 'kysely';
import type { Handover, OrderStep, RefundInfo, ReverseHandoverInfo } from '../../contract/handover.ts';
import { refundMessage, type RefundReader } from '../../contract/order-state.ts';
import type { Database, OrderRow } from '../db/schema.ts';

type RefundColumns = Pick<OrderRow, 'refund_reason' | 'refund_note' | 'refund_requested_at' | 'refunded_at'>;

/** Why the order's money goes back, as `reader` (the buyer or the seller) is told; null when it does not. */
export function refundInfoOf(order: RefundColumns, reader: RefundReader): RefundInfo | null {
  if (!order.refund_reason || !order.refund_requested_at) return null;
  return {
    reason: order.refund_reason,
    message: refundMessage(order.refund_reason, order.refund_note, reader),
    requestedAt: order.refund_requested_at.toISOString(),
    refundedAt: order.refunded_at ? order.refunded_at.toISOString() : null,
  };
}

/** The hotel's reservation as it names the buyer; null until the order is transferred. */
export function handoverOf(order: Pick<OrderRow, 'handover' | 'transferred_at'>): Handover | null {
  if (!order.handover || !order.transferred_at) return null;
  return { ...order.handover, transferredAt: order.transferred_at.toISOString() };
}

/** Who holds a stay refunded after its handover (ADR 0075); null for any other order. */
export function reverseHandoverOf(
  order: Pick<OrderRow, 'reverse_handover' | 'reverse_handover_at'>,
): ReverseHandoverInfo | null {
  if (!order.reverse_handover || !order.reverse_handover_at) return null;
  return { state: order.reverse_handover, at: order.reverse_handover_at.toISOString() };
}

/** Each order's history, oldest first, as (state, time) steps: its changes of state. */
export async function timelinesOf(db: Kysely<Database>, orderIds: readonly string[]) {
  const timelines = new Map<string, OrderStep[]>();
  if (!orderIds.length) return timelines;
  const rows = await db
    .selectFrom('order_events')
    .select(['order_id', 'to_state', 'at'])
    .where('order_id', 'in', orderIds)
    // A note that changed no state (a parked cancellation, a reverse handover's step) is not a step of the order.
    .where((eb) => eb.or([eb('from_state', 'is', null), eb('from_state', '!=', eb.ref('to_state'))]))
    .orderBy('order_id')
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const steps = timelines.get(row.order_id) ?? [];
    steps.push({ state: row.to_state, at: row.at.toISOString() });
    timelines.set(row.order_id, steps);
  }
  return timelines;
}
