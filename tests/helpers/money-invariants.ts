import { sql } from 'kysely';
import { expect } from 'vitest';
import { reconcileLedger } from '../../server/ledger/reconcile.ts';
import type { BuyingFixture } from './buying-fixture.ts';

/**
 * The jobs that move or record an order's money. While one of them waits or runs for an order, the ledger may
 * lag the provider by exactly the work it will do (a worker died after the provider moved money, a reversal is
 * queued): the job is the durable promise that it will be recorded.
 */
const MONEY_JOBS = [
  'payments.refund',
  'payments.record_payment',
  'handover.transfer',
  'handover.confirm_transfer',
  'payouts.schedule',
  'payouts.send',
  'payouts.reverse',
  'payouts.pay_kept_sale',
  'payouts.send_hotel_fee',
  'payouts.reverse_hotel_fee',
  'handover.reverse_transfer',
];

/** The orders some money job is still to run for. */
async function ordersWithMoneyWork(fx: BuyingFixture): Promise<Set<string>> {
  const rows = await fx.server.database.db
    .selectFrom('jobs')
    .select(sql<string>`payload->>'orderId'`.as('order_id'))
    .where('state', 'in', ['pending', 'running'])
    .where('kind', 'in', MONEY_JOBS)
    .execute();
  return new Set(rows.map((row) => row.order_id));
}

/**
 * What holds for every order at every moment, whatever happened before:
 * - the money equation, in the ledger and at the provider (`ledger:check` finds no difference): what the charge
 *   brought = refunds + the provider's fee + the platform's fee + the hotel's fee + the seller's payout + what is
 *   still due; only an order with money work still queued may differ, and only until that work ran;
 * - at most one transfer per order at the provider to each of the seller and the hotel;
 * - nothing paid to the hotel before the stay was the buyer's (its fee payout exists only once the sale settled);
 * - no transfer left with the seller of a refunded order, unless its reversal is queued, its refusal is recorded
 *   as the seller's debt (`reversal_failed`), or the buyer kept the stay (the refund is the platform's loss);
 * - no refund at the provider while the order's transfer at the hotel has an unknown outcome.
 */
export async function assertMoneyHolds(fx: BuyingFixture, orderIds: readonly string[]) {
  const db = fx.server.database.db;
  const working = await ordersWithMoneyWork(fx);
  const { differences } = await reconcileLedger(db, fx.payments);
  const unexplained = differences.filter((difference) => {
    const orderId = /^order ([0-9a-f-]{36}) /.exec(difference)?.[1];
    return !orderId || !working.has(orderId);
  });
  expect(unexplained).toEqual([]);
  if (!orderIds.length) return;
  const orders = await db
    .selectFrom('orders')
    .leftJoin('payouts', 'payouts.order_id', 'orders.id')
    .select([
      'orders.id',
      'orders.state',
      'orders.reverse_handover',
      'orders.payment_intent_id',
      'payouts.state as payout_state',
      (eb) =>
        eb
          .selectFrom('hotel_payouts')
          .select('hotel_payouts.state')
          .whereRef('hotel_payouts.order_id', '=', 'orders.id')
          .as('hotel_payout_state'),
    ])
    .where('orders.id', 'in', orderIds)
    .execute();
  for (const order of orders) {
    const transfers = fx.payments.transferLog.filter((transfer) => transfer.transferGroup === order.id);
    expect(transfers.length, `transfers of order ${order.id}`).toBeLessThanOrEqual(1);
    const toHotel = fx.payments.transferLog.filter((transfer) => transfer.transferGroup === `hotel-fee:${order.id}`);
    expect(toHotel.length, `transfers to the hotel of order ${order.id}`).toBeLessThanOrEqual(1);
    if (toHotel.length)
      expect(order.hotel_payout_state, `order ${order.id} paid the hotel before its sale settled`).not.toBeNull();
    const keptByHotel = toHotel.reduce((sum, transfer) => sum + transfer.amountCents - transfer.amountReversedCents, 0);
    if (order.state === 'refunded' && order.reverse_handover !== 'kept_by_buyer' && keptByHotel > 0) {
      expect(
        order.hotel_payout_state === 'reversal_failed' || working.has(order.id),
        `order ${order.id} is refunded, its hotel keeps ${keptByHotel} with fee payout ${order.hotel_payout_state}`,
      ).toBe(true);
    }
    const keptBySeller = transfers.reduce(
      (sum, transfer) => sum + transfer.amountCents - transfer.amountReversedCents,
      0,
    );
    if (order.state === 'refunded' && order.reverse_handover !== 'kept_by_buyer' && keptBySeller > 0) {
      expect(
        order.payout_state === 'reversal_failed' || working.has(order.id),
        `order ${order.id} is refunded, its seller keeps ${keptBySeller} with payout ${order.payout_state}`,
      ).toBe(true);
    }
    if (order.state === 'transfer_unknown' && order.payment_intent_id) {
      const refunds = await fx.payments.listRefunds(order.payment_intent_id);
      expect(
        refunds.filter((refund) => refund.status === 'succeeded'),
        `refunds of order ${order.id}`,
      ).toEqual([]);
    }
  }
}

/**
 * Makes every refund the product asks of the provider check first that the order is being refunded (never while
 * its sale is under way, nor while its transfer's outcome is unknown). Answers the function that undoes it.
 */
export function refundOnlyWhenRefunding(fx: BuyingFixture): () => void {
  const { refund } = fx.payments;
  fx.payments.refund = async (input) => {
    const { state } = await fx.server.database.db
      .selectFrom('orders')
      .select('state')
      .where('id', '=', input.orderId)
      .executeTakeFirstOrThrow();
    expect(['refund_pending', 'refunded'], `order ${input.orderId} refunded while ${state}`).toContain(state);
    return refund.call(fx.payments, input);
  };
  return () => {
    fx.payments.refund = refund;
  };
}
