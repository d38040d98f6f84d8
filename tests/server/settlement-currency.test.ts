import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPaymentJobs } from '../../server/buying-jobs.ts';
import { inTransaction } from '../../server/db/transaction.ts';
import { postToLedger } from '../../server/ledger/post.ts';
import { reconcileLedger } from '../../server/ledger/reconcile.ts';
import type { BuyingDeps } from '../../server/payments/deps.ts';
import { refundOrderByOperator } from '../../server/payments/operator-refund.ts';
import { insertListing } from '../helpers/factories.ts';
import { startBuyingServer, type BuyingFixture } from '../helpers/buying-fixture.ts';

/**
 * Sales in three currencies (and yen, which has no minor unit) on a platform whose provider balance is in EUR:
 * the provider books each charge in EUR at its rate less its card fee, the seller is paid in EUR at that rate,
 * the ledger keeps both currencies and the provider's fee, and `ledger:check` proves it against the provider.
 */
let fx: BuyingFixture;
let withFee: BuyingDeps;

beforeAll(async () => {
  fx = await startBuyingServer();
  fx.payments.settlementCurrency = 'EUR';
  withFee = { ...fx.deps, payouts: { feePercent: 10, release: 'transferred' } };
});
afterAll(() => fx.close());

const db = () => fx.server.database.db;
const differencesOf = async (orderId: string) =>
  (await reconcileLedger(db(), fx.payments)).differences.filter((line) => line.includes(orderId));

/** Each account's balance for one order, per currency: `account CUR` -> hundredths. */
async function ledgerOf(orderId: string) {
  const rows = await db()
    .selectFrom('ledger_entries')
    .innerJoin('ledger_transactions', 'ledger_transactions.id', 'ledger_entries.transaction_id')
    .select(['account', 'ledger_entries.currency', 'amount_cents'])
    .where('order_id', '=', orderId)
    .execute();
  const balances: Record<string, number> = {};
  for (const row of rows) {
    const key = `${row.account} ${row.currency}`;
    balances[key] = (balances[key] ?? 0) + row.amount_cents;
  }
  return Object.fromEntries(Object.entries(balances).filter(([, amount]) => amount !== 0));
}

async function readySeller() {
  const seller = await fx.user();
  await insertListing(db(), seller.id);
  expect((await fx.postJson('/api/payouts/onboarding', {}, seller.auth)).status).toBe(200);
  fx.payments.makeAccountReady([...fx.payments.accounts.keys()].at(-1)!);
  await fx.server.request('/api/payouts/account', { headers: seller.auth });
  return seller;
}

/** A stay sold in `currency`, put in the buyer's name and paid out to its seller. */
async function paidOutSale(currency: string, priceCents: number) {
  const seller = await readySeller();
  const held = await fx.heldStay(seller.id, { currency, price_cents: priceCents });
  expect((await fx.deliver(fx.payments.pay(held.sessionId))).status).toBe(200);
  await runPaymentJobs(withFee);
  const order = await db().selectFrom('orders').selectAll().where('id', '=', held.orderId).executeTakeFirstOrThrow();
  const payout = await db()
    .selectFrom('payouts')
    .selectAll()
    .where('order_id', '=', held.orderId)
    .executeTakeFirstOrThrow();
  return { ...held, seller, order, payout };
}

describe('sales in other currencies on a EUR platform', () => {
  // price, what it settles to at the test rates, the EEA card fee (1.5% + 0.25 EUR), the seller's 90% in EUR.
  const cases = [
    { currency: 'EUR', price: 40_000, settled: 40_000, fee: 625, payout: 36_000 },
    { currency: 'CZK', price: 1_000_000, settled: 40_000, fee: 625, payout: 36_000 },
    { currency: 'USD', price: 25_000, settled: 23_148, fee: 372, payout: 20_833 },
    // 50,000 yen (no minor unit; Restay keeps hundredths, Stripe is sent 50000) at 160 yen per euro.
    { currency: 'JPY', price: 5_000_000, settled: 31_250, fee: 494, payout: 28_125 },
  ];

  for (const sale of cases) {
    it(`buys, transfers and pays out a ${sale.currency} sale in EUR, and the ledger reconciles`, async () => {
      const { order, payout, orderId, seller, listingId } = await paidOutSale(sale.currency, sale.price);
      const platformFee = Math.round(sale.price * 0.1);
      expect(order).toMatchObject({
        state: 'transferred',
        amount_received_cents: sale.price,
        received_currency: sale.currency,
        settled_currency: 'EUR',
        settled_cents: sale.settled,
        provider_fee_cents: sale.fee,
      });
      expect(payout).toMatchObject({
        state: 'paid',
        currency: sale.currency,
        sale_cents: sale.price,
        fee_cents: platformFee,
        payout_currency: 'EUR',
        payout_cents: sale.payout,
      });
      expect(fx.payments.transfers.get(orderId)).toMatchObject({ amountCents: sale.payout, currency: 'EUR' });
      // My Listings shows the payout in the currency the seller receives, and the share it was converted from.
      const mine = await fx.server.request(`/api/listings/user/${seller.id}`, { headers: seller.auth });
      const listed = mine.body.data.find((listing: { id: string }) => listing.id === listingId);
      expect(listed.sale.payout).toMatchObject({
        state: 'paid',
        amount: sale.payout / 100,
        currency: 'EUR',
        saleAmount: (sale.price - platformFee) / 100,
        saleCurrency: sale.currency,
      });

      // The platform keeps its fee in EUR, less the provider's: the balance at the provider holds exactly that.
      const kept = sale.settled - sale.payout - sale.fee;
      const converted = sale.currency !== 'EUR';
      expect(await ledgerOf(orderId)).toEqual({
        [`provider_balance EUR`]: kept,
        [`provider_fees EUR`]: sale.fee,
        [`platform_fees ${sale.currency}`]: -platformFee,
        // Both sides of the conversion of the platform's fee: sale currency in, EUR out.
        ...(converted
          ? { [`exchange ${sale.currency}`]: platformFee, [`exchange EUR`]: -(sale.settled - sale.payout) }
          : {}),
      });
      // charge = refunds + provider fee + platform's share + payout + still due, in EUR.
      expect(sale.settled).toBe(0 + sale.fee + kept + sale.payout + 0);
      expect(await differencesOf(orderId)).toEqual([]);
    });
  }

  it('takes a CZK payout back in EUR when the sale is refunded after it was paid, the provider keeping its fee', async () => {
    const { orderId, seller } = await paidOutSale('CZK', 1_000_000);
    await refundOrderByOperator(withFee, { orderId, reason: 'cancelled_by_hotel' });
    await runPaymentJobs(withFee);

    const payout = await db()
      .selectFrom('payouts')
      .selectAll()
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(payout).toMatchObject({ state: 'reversed', payout_currency: 'EUR', payout_cents: 36_000 });
    expect(fx.payments.reversals.get(orderId)).toMatchObject({ amountCents: 36_000, currency: 'EUR' });
    // The buyer has their CZK back (40,000 EUR cents left the balance), the seller owes nothing, the fee is lost.
    expect(await ledgerOf(orderId)).toEqual({ 'provider_balance EUR': -625, 'provider_fees EUR': 625 });
    expect(await differencesOf(orderId)).toEqual([]);
    const sellerPayable = await db()
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.sum<string>('amount_cents').as('total'))
      .where('seller_id', '=', seller.id)
      .executeTakeFirstOrThrow();
    expect(Number(sellerPayable.total)).toBe(0);
  });
});

describe('ledger:check on the provider’s fees', () => {
  it('names an order whose provider fee is missing from the ledger', async () => {
    const { orderId, order } = await paidOutSale('CZK', 1_000_000);
    // The fee's posting cancelled out, as if it had never been posted.
    await inTransaction(db(), (trx) =>
      postToLedger(trx, {
        kind: 'provider_fee',
        reference: `${order.balance_transaction_id}:undone`,
        orderId,
        currency: 'CZK',
        entries: [
          { account: 'provider_fees', amountCents: -625, currency: 'EUR' },
          { account: 'provider_balance', amountCents: 625, currency: 'EUR' },
        ],
        now: fx.clock(),
      }),
    );
    expect(await differencesOf(orderId)).toEqual([
      expect.stringMatching(/the provider took a fee of 625 EUR on its charge, the ledger 0/),
      expect.stringMatching(/the provider's balance holds 3375 EUR for it, the ledger's provider balance 4000/),
    ]);
  });

  it('names an order whose provider fee is wrong in the ledger', async () => {
    const { orderId } = await paidOutSale('USD', 25_000);
    await inTransaction(db(), (trx) =>
      postToLedger(trx, {
        kind: 'provider_fee',
        reference: `${orderId}:stray`,
        orderId,
        currency: 'USD',
        entries: [
          { account: 'provider_fees', amountCents: 100, currency: 'EUR' },
          { account: 'provider_balance', amountCents: -100, currency: 'EUR' },
        ],
        now: fx.clock(),
      }),
    );
    expect(await differencesOf(orderId)).toContainEqual(
      expect.stringMatching(/the provider took a fee of 372 EUR on its charge, the ledger 472/),
    );
  });

  it('names an order whose payout the ledger booked in the wrong amount of EUR', async () => {
    const { orderId, seller } = await paidOutSale('CZK', 1_000_000);
    await inTransaction(db(), (trx) =>
      postToLedger(trx, {
        kind: 'payout',
        reference: `${orderId}:stray`,
        orderId,
        currency: 'CZK',
        entries: [
          { account: 'exchange', amountCents: 1, currency: 'EUR' },
          { account: 'provider_balance', amountCents: -1, currency: 'EUR' },
        ],
        now: fx.clock(),
      }),
    );
    expect(seller.id).toBeTruthy();
    expect(await differencesOf(orderId)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/its payout sent 36000 EUR, the ledger 36001/),
        expect.stringMatching(/the provider holds 36000 EUR paid out to the seller, the ledger 36001/),
      ]),
    );
  });
});
