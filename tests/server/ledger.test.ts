import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../server/db/transaction.ts';
import { postToLedger } from '../../server/ledger/post.ts';
import { reconcileLedger } from '../../server/ledger/reconcile.ts';
import { HOLD_MS } from '../../server/payments/create-checkout.ts';
import { runPaymentJobs, runPaymentWork } from '../../server/buying-jobs.ts';
import { startBuyingServer, type BuyingFixture } from '../helpers/buying-fixture.ts';

let fx: BuyingFixture;
let seller: Awaited<ReturnType<BuyingFixture['user']>>;

beforeAll(async () => {
  fx = await startBuyingServer();
  seller = await fx.user({ firstName: 'Sam' });
});
afterAll(() => fx.close());

const db = () => fx.server.database.db;
/** Each ledger transaction of an order as `kind: account amount, ...`, in the order they were posted. */
const postings = async (orderId: string) =>
  (
    await db()
      .selectFrom('ledger_transactions')
      .innerJoin('ledger_entries', 'ledger_entries.transaction_id', 'ledger_transactions.id')
      .select(['kind', 'account', 'amount_cents', 'ledger_entries.currency'])
      .where('order_id', '=', orderId)
      .orderBy('ledger_transactions.created_at')
      .orderBy('ledger_entries.line')
      .execute()
  )
    .map((row) => `${row.kind}: ${row.account} ${row.amount_cents} ${row.currency}`)
    // Posted within one instant of the test clock: compared as a set.
    .sort();

async function soldStay() {
  const held = await fx.heldStay(seller.id);
  expect((await fx.deliver(fx.payments.pay(held.sessionId))).status).toBe(200);
  return { ...held, paymentIntentId: `pi_test_${held.sessionId}` };
}

describe('the ledger', () => {
  it('posts a payment once, however often its completion is delivered', async () => {
    const sale = await soldStay();
    const completed = fx.payments.signedEvent('checkout.session.completed', sale.sessionId);
    await fx.deliver(completed);
    await fx.deliver(fx.payments.signedEvent('checkout.session.completed', sale.sessionId));
    expect(await postings(sale.orderId)).toEqual([
      'payment: buyer_funds -12000 USD',
      'payment: provider_balance 12000 USD',
    ]);
  });

  it('posts the refund the provider confirms, leaving the buyer owed nothing', async () => {
    const sale = await soldStay();
    expect((await fx.deliver(fx.payments.refundByHand(sale.paymentIntentId))).status).toBe(200);
    await runPaymentJobs(fx.deps);
    expect(await postings(sale.orderId)).toEqual([
      'payment: buyer_funds -12000 USD',
      'payment: provider_balance 12000 USD',
      'refund: buyer_funds 12000 USD',
      'refund: provider_balance -12000 USD',
    ]);
  });

  it('posts a late payment and its refund', async () => {
    const held = await fx.heldStay(seller.id);
    fx.clock.advance(HOLD_MS + 1_000);
    await runPaymentWork(fx.deps); // the sweep expires the session at the provider and releases the stay
    expect((await fx.deliver(fx.payments.pay(held.sessionId, { evenIfExpired: true }))).status).toBe(200);
    await runPaymentJobs(fx.deps);
    const order = await db().selectFrom('orders').select('state').where('id', '=', held.orderId).executeTakeFirst();
    expect(order?.state).toBe('refunded');
    expect((await postings(held.orderId)).filter((line) => line.startsWith('refund:'))).toHaveLength(2);
  });

  it('refuses entries that do not sum to zero, in the code and in the database', async () => {
    const { orderId } = await soldStay();
    const now = new Date();
    await expect(
      inTransaction(db(), (trx) =>
        postToLedger(trx, {
          kind: 'payout',
          reference: 'unbalanced',
          orderId,
          currency: 'USD',
          entries: [{ account: 'provider_balance', amountCents: -5 }],
          now,
        }),
      ),
    ).rejects.toThrow(/sum/);
    // Written by hand, past the code: the database refuses it at commit.
    await expect(
      inTransaction(db(), async (trx) => {
        const { id } = await trx
          .insertInto('ledger_transactions')
          .values({ kind: 'payout', reference: 'by-hand', order_id: orderId, currency: 'USD', created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('ledger_entries')
          .values({
            transaction_id: id,
            line: 0,
            account: 'provider_balance',
            seller_id: null,
            currency: 'USD',
            amount_cents: -5,
          })
          .execute();
      }),
    ).rejects.toThrow(/sum to zero/);
    expect(
      await db()
        .selectFrom('ledger_transactions')
        .where('reference', 'in', ['unbalanced', 'by-hand'])
        .select('id')
        .execute(),
    ).toEqual([]);
  });

  it('is append-only', async () => {
    const { orderId } = await soldStay();
    await expect(
      db().updateTable('ledger_entries').set({ amount_cents: 1 }).where('account', '=', 'buyer_funds').execute(),
    ).rejects.toThrow(/append-only/);
    await expect(db().deleteFrom('ledger_transactions').where('order_id', '=', orderId).execute()).rejects.toThrow(
      /append-only/,
    );
  });

  it('reconciles with the orders and the provider, and names each difference', async () => {
    await runPaymentJobs(fx.deps);
    const clean = await reconcileLedger(db(), fx.payments);
    // Only transferred orders are out: their settlement comes with the payouts.
    expect(clean.differences.filter((line) => !line.includes('not settled'))).toEqual([]);
    const usd = clean.balances.filter((balance) => balance.currency === 'USD');
    expect(usd.reduce((sum, balance) => sum + balance.amountCents, 0)).toBe(0);

    // A refund the ledger never heard of: the provider's records disagree with it.
    const sale = await soldStay();
    fx.payments.refundByHand(sale.paymentIntentId);
    const found = await reconcileLedger(db(), fx.payments);
    expect(found.differences).toContain(`order ${sale.orderId} (paid): the provider refunded 12000, the ledger 0`);
  });
});
