import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPaymentJobs } from '../../server/buying-jobs.ts';
import { reconcileLedger } from '../../server/ledger/reconcile.ts';
import { PayoutsCommandError, runPayoutsCommand } from '../../server/payouts/payouts-command.ts';
import { sellerWithReadyPayouts, transferredSaleOfReadySeller } from '../helpers/ready-seller.ts';
import { startBuyingServer, type BuyingFixture } from '../helpers/buying-fixture.ts';

/** A partial refund by hand of a sale that stands holds its payout for an operator, who lists and releases it. */
let fx: BuyingFixture;

beforeAll(async () => {
  fx = await startBuyingServer();
});
afterAll(() => fx.close());

const db = () => fx.server.database.db;
const payout = (orderId: string) => fx.payoutRow(orderId);
const lastPayoutEvent = (orderId: string) =>
  db()
    .selectFrom('payout_events')
    .select(['from_state', 'to_state', 'actor'])
    .where('order_id', '=', orderId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
const paymentIntentOf = async (orderId: string) =>
  (await db().selectFrom('orders').select('payment_intent_id').where('id', '=', orderId).executeTakeFirstOrThrow())
    .payment_intent_id!;
const differencesOf = async (orderId: string) =>
  (await reconcileLedger(db(), fx.payments, fx.clock())).differences.filter((line) => line.includes(orderId));
const payouts = (...argv: string[]) => runPayoutsCommand(argv, fx.deps);

/** A stay of a ready seller, in the buyer's name, its payout scheduled for check-in (so not sent yet). */
async function scheduledSale() {
  const sale = await transferredSaleOfReadySeller(fx, 'check_in');
  expect((await payout(sale.orderId)).state).toBe('scheduled');
  return sale;
}

async function refundPartByHand(paymentIntentId: string, cents: number) {
  expect((await fx.deliver(fx.payments.refundByHand(paymentIntentId, cents))).status).toBe(200);
}

describe('a partial refund by hand of a sale that stands', () => {
  it('holds the payout, with its history, and ledger:check accepts the held payout', async () => {
    const sale = await scheduledSale();
    await refundPartByHand(sale.paymentIntentId, 3_000);
    expect(await payout(sale.orderId)).toMatchObject({ state: 'held', transfer_id: null, refunded_cents: 0 });
    expect(await lastPayoutEvent(sale.orderId)).toEqual({
      from_state: 'scheduled',
      to_state: 'held',
      actor: 'charge.refunded',
    });
    expect(await differencesOf(sale.orderId)).toEqual([]);
  });

  it('holds a payout the send job finds partly refunded (the refund came before the handover)', async () => {
    fx.setPayoutRelease('transferred');
    const { seller } = await sellerWithReadyPayouts(fx);
    const held = await fx.heldStay(seller.id);
    expect((await fx.deliver(fx.payments.pay(held.sessionId))).status).toBe(200);
    await refundPartByHand(await paymentIntentOf(held.orderId), 2_000);
    await runPaymentJobs(fx.deps);
    expect((await payout(held.orderId)).state).toBe('held');
    expect(await lastPayoutEvent(held.orderId)).toMatchObject({ from_state: 'scheduled', actor: 'payouts.send' });
    expect(fx.payments.transferLog.filter((transfer) => transfer.transferGroup === held.orderId)).toEqual([]);
  });

  it('is listed by `payouts held` and released for the share less the refund, the ledger in balance', async () => {
    const sale = await scheduledSale();
    await refundPartByHand(sale.paymentIntentId, 3_000);
    const { sale_cents, fee_cents } = await payout(sale.orderId);
    const listed = (await payouts('held')).filter((line) => line.startsWith(sale.orderId));
    expect(listed).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${sale.orderId}\\tseller ${sale.sellerId} .*\\tsale 120\\.00 USD\\tshare .*\\trefunded 30\\.00\\t` +
            'held since \\d{4}-',
        ),
      ),
    ]);
    const share = sale_cents - fee_cents - 3_000;
    expect(await payouts('release', sale.orderId)).toEqual([
      expect.stringContaining(`released for ${(share / 100).toFixed(2)} USD`),
    ]);
    expect(await payout(sale.orderId)).toMatchObject({ state: 'scheduled', refunded_cents: 3_000 });
    await fx.passCheckIn(sale.listingId);
    await runPaymentJobs(fx.deps);
    const paid = await payout(sale.orderId);
    expect(paid.state).toBe('paid');
    const [transfer] = fx.payments.transferLog.filter((made) => made.transferGroup === sale.orderId);
    expect(transfer!.amountCents).toBe(paid.payout_cents);
    expect(await differencesOf(sale.orderId)).toEqual([]);
    expect((await payouts('held')).some((line) => line.startsWith(sale.orderId))).toBe(false);
  });

  it('refuses to release a payout that is not held, or any bad argument, in one line, changing nothing', async () => {
    const sale = await scheduledSale();
    const refusals: [string[], string[]][] = [
      [['release', sale.orderId], [`Order ${sale.orderId} has no held payout: its payout is scheduled.`]],
      [['release'], [expect.stringMatching(/^An order id is required\./)]],
      [['release', 'nope'], ['Not an order id: nope.']],
      [['release', sale.orderId, '--now'], ['Unknown argument "--now".']],
      [['held', 'extra'], [expect.stringMatching(/^usage:/)]],
    ];
    for (const [argv, lines] of refusals) {
      const refusal = await payouts(...argv).catch((error: unknown) => error);
      expect(refusal, argv.join(' ')).toBeInstanceOf(PayoutsCommandError);
      expect((refusal as PayoutsCommandError).lines, argv.join(' ')).toEqual(lines);
    }
    expect((await payout(sale.orderId)).state).toBe('scheduled');
  });
});

describe('ledger:check on payouts that do not progress', () => {
  it('names a transferred order whose buyer was partly refunded while its payout stays scheduled', async () => {
    const sale = await scheduledSale();
    await refundPartByHand(sale.paymentIntentId, 3_000);
    // What the send job did before: it returned without a word, leaving the payout scheduled.
    await db().updateTable('payouts').set({ state: 'scheduled' }).where('order_id', '=', sale.orderId).execute();
    expect(await differencesOf(sale.orderId)).toEqual([
      expect.stringMatching(/buyer funds hold 3000 USD for it while its payout is scheduled, neither sent nor held/),
    ]);
  });

  it('names a payout still scheduled more than an hour past its release time, not one just due', async () => {
    const sale = await scheduledSale();
    const releaseAt = (minutesAgo: number) =>
      db()
        .updateTable('payouts')
        .set({ release_at: new Date(fx.clock().getTime() - minutesAgo * 60_000) })
        .where('order_id', '=', sale.orderId)
        .execute();
    await releaseAt(10);
    expect(await differencesOf(sale.orderId)).toEqual([]);
    await releaseAt(90);
    expect(await differencesOf(sale.orderId)).toEqual([
      expect.stringMatching(/its payout is overdue: due at .*, still scheduled/),
    ]);
  });
});
