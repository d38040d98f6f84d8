import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPaymentJobs } from '../../server/buying-jobs.ts';
import { reconcileLedger } from '../../server/ledger/reconcile.ts';
import { runOrdersCommand } from '../../server/payments/orders-command.ts';
import { startBuyingServer, type BuyingFixture } from '../helpers/buying-fixture.ts';

/**
 * A transfer whose reply was lost, followed by a hotel outage on the last attempt, once refunded the buyer blind:
 * the buyer kept the stay and the money. Now the order waits in `transfer_unknown` until a read of the
 * reservation shows who the hotel names.
 */
let fx: BuyingFixture;
let seller: Awaited<ReturnType<BuyingFixture['user']>>;

beforeAll(async () => {
  fx = await startBuyingServer();
  seller = await fx.user();
});
afterAll(() => fx.close());

const db = () => fx.server.database.db;
const order = (id: string) => db().selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const refundsOf = (orderId: string) => fx.payments.refundCalls.filter((call) => call.orderId === orderId);
const confirmJob = (orderId: string) =>
  db()
    .selectFrom('jobs')
    .select(['state', 'attempts'])
    .where('kind', '=', 'handover.confirm_transfer')
    .where('key', '=', orderId)
    .executeTakeFirst();

/** A paid sale whose first transfer reaches the hotel with its reply lost, then a hotel outage for every attempt. */
async function saleWithUnknownTransfer() {
  const held = await fx.heldStay(seller.id);
  expect((await fx.deliver(fx.payments.pay(held.sessionId))).status).toBe(200);
  const reservation = await fx.reservationOf(held.listingId);
  fx.pms.lostReplies.add(reservation.externalId);
  await runPaymentJobs(fx.deps);
  expect((await order(held.orderId)).state).toBe('transferring');
  fx.pms.unreachable = true;
  // The five attempts left, 10 s doubling: all inside 10 minutes of waits.
  for (let round = 0; round < 6; round += 1) {
    fx.clock.advance(5 * 60_000);
    await runPaymentJobs(fx.deps);
  }
  return { ...held, externalId: reservation.externalId };
}

describe('a transfer whose outcome is unknown', () => {
  it('is never refunded blind: it waits, the buyer is told, and it ends transferred once a read names the buyer', async () => {
    const sale = await saleWithUnknownTransfer();
    try {
      expect((await order(sale.orderId)).state).toBe('transfer_unknown');
      expect(refundsOf(sale.orderId)).toEqual([]);
      // The operator's list names it; My Stays tells the buyer.
      expect((await runOrdersCommand(['unknown'], fx.deps)).join('\n')).toContain(sale.orderId);
      const stays = await fx.server.request(`/api/listings/purchased/${sale.buyer.id}`, {
        headers: sale.buyer.auth,
      });
      expect(stays.body.data.find((s: { id: string }) => s.id === sale.listingId).order.state).toBe('transfer_unknown');
      // Reads keep failing: the confirming job tries again, the order still waits.
      fx.clock.advance(60 * 60_000);
      await runPaymentJobs(fx.deps);
      expect((await order(sale.orderId)).state).toBe('transfer_unknown');
      expect((await confirmJob(sale.orderId))?.state).toBe('pending');
    } finally {
      fx.pms.unreachable = false;
    }
    fx.clock.advance(6 * 60 * 60_000);
    await runPaymentJobs(fx.deps);
    expect(await order(sale.orderId)).toMatchObject({ state: 'transferred', refund_reason: null });
    expect(refundsOf(sale.orderId)).toEqual([]);
    // The payout is scheduled as for any transfer (this seller has no payout account: it waits for one).
    const payout = await db()
      .selectFrom('payouts')
      .select('state')
      .where('order_id', '=', sale.orderId)
      .executeTakeFirst();
    expect(payout?.state).toBe('waiting_account');
    expect(await runOrdersCommand(['unknown'], fx.deps)).not.toContain(expect.stringContaining(sale.orderId));
    expect((await reconcileLedger(db(), fx.payments)).differences).toEqual([]);
  });

  it('is refunded once a read shows the hotel still names the seller', async () => {
    const held = await fx.heldStay(seller.id);
    expect((await fx.deliver(fx.payments.pay(held.sessionId))).status).toBe(200);
    fx.pms.unreachable = true;
    try {
      for (let round = 0; round < 7; round += 1) {
        await runPaymentJobs(fx.deps);
        fx.clock.advance(5 * 60_000);
      }
      expect((await order(held.orderId)).state).toBe('transfer_unknown');
      expect(refundsOf(held.orderId)).toEqual([]);
    } finally {
      fx.pms.unreachable = false;
    }
    fx.clock.advance(6 * 60 * 60_000);
    await runPaymentJobs(fx.deps);
    expect(await order(held.orderId)).toMatchObject({ state: 'refunded', refund_reason: 'transfer_failed' });
    expect(refundsOf(held.orderId)).toHaveLength(1);
    const history = await db()
      .selectFrom('order_events')
      .select('to_state')
      .where('order_id', '=', held.orderId)
      .orderBy('id')
      .execute();
    expect(history.map((row) => row.to_state)).toEqual([
      'open',
      'paid',
      'transferring',
      'transfer_unknown',
      'transfer_failed',
      'refund_pending',
      'refunded',
    ]);
    expect((await reconcileLedger(db(), fx.payments)).differences).toEqual([]);
  });

  it('stops reading at check-in and leaves the order for an operator, still unrefunded', async () => {
    const sale = await saleWithUnknownTransfer();
    fx.pms.unreachable = true;
    try {
      await fx.passCheckIn(sale.listingId);
      for (let round = 0; round < 3; round += 1) await runPaymentJobs(fx.deps);
      expect((await order(sale.orderId)).state).toBe('transfer_unknown');
      expect((await confirmJob(sale.orderId))?.state).toBe('failed');
      expect(refundsOf(sale.orderId)).toEqual([]);
    } finally {
      fx.pms.unreachable = false;
    }
  });
});
