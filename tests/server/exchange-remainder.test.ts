import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPaymentJobs } from '../../server/buying-jobs.ts';
import { reconcileLedger } from '../../server/ledger/reconcile.ts';
import { formatLedgerReport } from '../../server/ledger/report.ts';
import { startBuyingServer, type BuyingFixture } from '../helpers/buying-fixture.ts';

/**
 * A refund converted at another rate than its charge (the provider books each at the rate of its own day) leaves
 * the order's `exchange` with a remainder in the settlement currency: the platform's exchange gain or loss on it.
 * `ledger:check` reports it per order as a line of its own, never as a difference that fails.
 */
let fx: BuyingFixture;

beforeAll(async () => {
  fx = await startBuyingServer();
  fx.payments.settlementCurrency = 'EUR';
});
afterAll(() => fx.close());

const db = () => fx.server.database.db;

/** A CZK sale on the EUR platform, refunded by hand before its handover, the refund at `rateChange` times the charge's rate. */
async function refundedAtAnotherRate(rateChange: number) {
  const seller = await fx.user();
  const held = await fx.heldStay(seller.id, { currency: 'CZK', price_cents: 300_000 });
  expect((await fx.deliver(fx.payments.pay(held.sessionId))).status).toBe(200);
  await runPaymentJobs(fx.deps);
  fx.payments.refundRateChange = rateChange;
  try {
    expect((await fx.deliver(fx.payments.refundByHand(`pi_test_${held.sessionId}`))).status).toBe(200);
  } finally {
    fx.payments.refundRateChange = 1;
  }
  await runPaymentJobs(fx.deps);
  const order = await db()
    .selectFrom('orders')
    .select(['state', 'settled_cents'])
    .where('id', '=', held.orderId)
    .executeTakeFirstOrThrow();
  expect(order.state).toBe('refunded');
  const [refund] = await fx.payments.listRefunds(`pi_test_${held.sessionId}`);
  return { orderId: held.orderId, remainderCents: refund!.settled!.amountCents - order.settled_cents! };
}

describe('ledger:check on a refund at another rate than its charge', () => {
  it('reports the remainder in exchange per order as its own line, not as a difference', async () => {
    const loss = await refundedAtAnotherRate(1.02);
    const gain = await refundedAtAnotherRate(0.97);
    expect(loss.remainderCents).toBeGreaterThan(0);
    expect(gain.remainderCents).toBeLessThan(0);

    const reconciliation = await reconcileLedger(db(), fx.payments);
    expect(reconciliation.differences).toEqual([]);
    const remainders = reconciliation.exchangeRemainders.filter((line) =>
      [loss.orderId, gain.orderId].includes(line.orderId),
    );
    // Listed by when each order was made, one instant on this test's clock, so in either order: compared as a set.
    expect(remainders).toHaveLength(2);
    expect(remainders).toEqual(
      expect.arrayContaining([
        { orderId: loss.orderId, currency: 'EUR', amountCents: loss.remainderCents },
        { orderId: gain.orderId, currency: 'EUR', amountCents: gain.remainderCents },
      ]),
    );
    const report = formatLedgerReport(reconciliation);
    expect(report).toContain(`  order ${loss.orderId}  EUR  lost €${(loss.remainderCents / 100).toFixed(2)}`);
    expect(report).toContain(`  order ${gain.orderId}  EUR  gained €${(-gain.remainderCents / 100).toFixed(2)}`);
    expect(report).toContain('The ledger reconciles: no differences.');
  });

  it('reports nothing for a refund at the charge’s own rate', async () => {
    const same = await refundedAtAnotherRate(1);
    expect(same.remainderCents).toBe(0);
    const reconciliation = await reconcileLedger(db(), fx.payments);
    expect(reconciliation.exchangeRemainders.filter((line) => line.orderId === same.orderId)).toEqual([]);
  });
});
