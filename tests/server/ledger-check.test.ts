import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPaymentJobs } from '../../server/buying-jobs.ts';
import { inTransaction } from '../../server/db/transaction.ts';
import { postToLedger } from '../../server/ledger/post.ts';
import { reconcileLedger } from '../../server/ledger/reconcile.ts';
import { insertListing } from '../helpers/factories.ts';
import { startBuyingServer, type BuyingFixture } from '../helpers/buying-fixture.ts';

/** `npm run ledger:check` (reconcileLedger) names the order of each kind of broken payout bookkeeping. */
let fx: BuyingFixture;

beforeAll(async () => {
  fx = await startBuyingServer();
});
afterAll(() => fx.close());

const db = () => fx.server.database.db;
const differencesOf = async (orderId: string) =>
  (await reconcileLedger(db(), fx.payments)).differences.filter((line) => line.includes(orderId));

/** A sale whose payout was sent, then (optionally) refunded by hand and its payout taken back. */
async function paidOutSale({ refunded }: { refunded: boolean }) {
  const seller = await fx.user();
  await insertListing(db(), seller.id);
  expect((await fx.postJson('/api/payouts/onboarding', {}, seller.auth)).status).toBe(200);
  fx.payments.makeAccountReady([...fx.payments.accounts.keys()].at(-1)!);
  await fx.server.request('/api/payouts/account', { headers: seller.auth });
  const held = await fx.heldStay(seller.id);
  expect((await fx.deliver(fx.payments.pay(held.sessionId))).status).toBe(200);
  await runPaymentJobs(fx.deps);
  if (refunded) {
    const { payment_intent_id } = await db()
      .selectFrom('orders')
      .select('payment_intent_id')
      .where('id', '=', held.orderId)
      .executeTakeFirstOrThrow();
    expect((await fx.deliver(fx.payments.refundByHand(payment_intent_id!))).status).toBe(200);
    await runPaymentJobs(fx.deps);
  }
  expect(await differencesOf(held.orderId)).toEqual([]);
  return { ...held, sellerId: seller.id };
}

describe('ledger:check on payouts', () => {
  it('names a payout the table says is waiting while the ledger paid it', async () => {
    const sale = await paidOutSale({ refunded: false });
    await db()
      .updateTable('payouts')
      .set({ state: 'scheduled', transfer_id: null })
      .where('order_id', '=', sale.orderId)
      .execute();
    expect(await differencesOf(sale.orderId)).toEqual([
      expect.stringMatching(/its payout is scheduled, yet the ledger paid the seller 12000, not 0/),
    ]);
  });

  it('names a refunded order whose payout was left with the seller', async () => {
    const sale = await paidOutSale({ refunded: true });
    await db().updateTable('payouts').set({ state: 'paid' }).where('order_id', '=', sale.orderId).execute();
    const found = await differencesOf(sale.orderId);
    expect(found).toContainEqual(
      expect.stringMatching(/refunded, yet its payout is paid, neither cancelled nor taken back/),
    );
  });

  it('names a refunded order whose seller is still owed money', async () => {
    const sale = await paidOutSale({ refunded: true });
    await inTransaction(db(), (trx) =>
      postToLedger(trx, {
        kind: 'settlement',
        reference: `${sale.orderId}:stray`,
        orderId: sale.orderId,
        currency: 'USD',
        entries: [
          { account: 'buyer_funds', amountCents: 500 },
          { account: 'seller_payable', sellerId: sale.sellerId, amountCents: -500 },
        ],
        now: fx.clock(),
      }),
    );
    expect(await differencesOf(sale.orderId)).toContainEqual(
      expect.stringMatching(/refunded, yet the ledger's seller payable is -500 USD, not 0/),
    );
  });
});
