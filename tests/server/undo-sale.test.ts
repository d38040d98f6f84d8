import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPaymentJobs } from '../../server/buying-jobs.ts';
import type { BuyingDeps } from '../../server/payments/deps.ts';
import { reconcileLedger } from '../../server/ledger/reconcile.ts';
import { listSellerDebts, sellerDebtLines } from '../../server/payouts/seller-debts.ts';
import { insertListing } from '../helpers/factories.ts';
import { startBuyingServer, type BuyingFixture } from '../helpers/buying-fixture.ts';

/**
 * Every refund of a sale undoes its payout, however the refund was made. Here: by hand in the provider's
 * dashboard (its `charge.refunded` event), which once ended the order `refunded` and left the seller paid.
 */
let fx: BuyingFixture;

beforeAll(async () => {
  fx = await startBuyingServer();
});
afterAll(() => fx.close());

const db = () => fx.server.database.db;
const payout = (orderId: string) => fx.payoutRow(orderId);
const order = (orderId: string) => fx.orderRow(orderId);

/** A seller whose payout account can receive transfers. */
async function readySeller() {
  const seller = await fx.user();
  await insertListing(db(), seller.id);
  expect((await fx.postJson('/api/payouts/onboarding', {}, seller.auth)).status).toBe(200);
  fx.payments.makeAccountReady([...fx.payments.accounts.keys()].at(-1)!);
  await fx.server.request('/api/payouts/account', { headers: seller.auth });
  return seller;
}

async function transferredSale(sellerId: string, deps: BuyingDeps = fx.deps) {
  const held = await fx.heldStay(sellerId);
  expect((await fx.deliver(fx.payments.pay(held.sessionId))).status).toBe(200);
  await runPaymentJobs(deps);
  expect((await order(held.orderId)).state).toBe('transferred');
  const { payment_intent_id } = await order(held.orderId);
  return { ...held, paymentIntentId: payment_intent_id! };
}

/** What the ledger says the seller is owed (negative) or owes (positive) for one order. */
async function sellerPayable(orderId: string) {
  const row = await db()
    .selectFrom('ledger_entries')
    .innerJoin('ledger_transactions', 'ledger_transactions.id', 'ledger_entries.transaction_id')
    .select((eb) => eb.fn.sum<string>('ledger_entries.amount_cents').as('payable'))
    .where('ledger_transactions.order_id', '=', orderId)
    .where('ledger_entries.account', '=', 'seller_payable')
    .executeTakeFirstOrThrow();
  return Number(row.payable ?? 0);
}

describe('a refund made by hand in the provider dashboard', () => {
  it('takes back a payout already sent', async () => {
    const seller = await readySeller();
    const sale = await transferredSale(seller.id);
    expect((await payout(sale.orderId)).state).toBe('paid');

    expect((await fx.deliver(fx.payments.refundByHand(sale.paymentIntentId))).status).toBe(200);
    await runPaymentJobs(fx.deps);
    expect((await order(sale.orderId)).state).toBe('refunded');
    expect(await payout(sale.orderId)).toMatchObject({ state: 'reversed' });
    expect(fx.payments.reversals.get(sale.orderId)).toBeDefined();
    expect(await sellerPayable(sale.orderId)).toBe(0);
    expect((await reconcileLedger(db(), fx.payments)).differences).toEqual([]);
  });

  it('records a reversal the provider refuses as the seller’s debt', async () => {
    const seller = await readySeller();
    const sale = await transferredSale(seller.id);
    fx.payments.refuseReversals = true;
    try {
      expect((await fx.deliver(fx.payments.refundByHand(sale.paymentIntentId))).status).toBe(200);
      await runPaymentJobs(fx.deps);
    } finally {
      fx.payments.refuseReversals = false;
    }
    expect((await payout(sale.orderId)).state).toBe('reversal_failed');
    expect(await sellerPayable(sale.orderId)).toBe((await order(sale.orderId)).amount_cents);
    const history = await db()
      .selectFrom('payout_events')
      .select(['from_state', 'to_state', 'actor'])
      .where('order_id', '=', sale.orderId)
      .orderBy('id')
      .execute();
    expect(history.map((event) => event.to_state)).toEqual(['scheduled', 'paid', 'reversal_failed']);

    // The operator's list of sellers' debts (npm run payouts -- debts) names the order, the seller and the amount.
    const paid = fx.payments.transferCalls.find((call) => call.orderId === sale.orderId)!;
    const debts = await listSellerDebts(db());
    expect(debts.find((debt) => debt.orderId === sale.orderId)).toMatchObject({
      sellerId: seller.id,
      sellerEmail: seller.email,
      amountCents: paid.amountCents,
      currency: 'USD',
      transferId: (await payout(sale.orderId)).transfer_id,
    });
    const line = sellerDebtLines(debts).find((text) => text.startsWith(sale.orderId));
    expect(line).toContain(`seller ${seller.id} ${seller.email}\towes ${(paid.amountCents / 100).toFixed(2)} USD`);
  });

  it('under check_in release, cancels the payout before check-in and never sends it', async () => {
    const seller = await readySeller();
    const atCheckIn = { ...fx.deps, payouts: { feePercent: 10, release: 'check_in' as const } };
    const sale = await transferredSale(seller.id, atCheckIn);
    expect((await payout(sale.orderId)).state).toBe('scheduled');

    expect((await fx.deliver(fx.payments.refundByHand(sale.paymentIntentId))).status).toBe(200);
    // The payout waits for the hotel's answer (ADR 0075): it names the seller again, and the sale is undone.
    expect((await payout(sale.orderId)).state).toBe('scheduled');
    await runPaymentJobs(atCheckIn);
    expect((await payout(sale.orderId)).state).toBe('cancelled');
    await fx.passCheckIn(sale.listingId);
    await runPaymentJobs(atCheckIn);
    expect((await payout(sale.orderId)).state).toBe('cancelled');
    expect(fx.payments.transferCalls.filter((call) => call.orderId === sale.orderId)).toEqual([]);
    expect(await sellerPayable(sale.orderId)).toBe(0);
    expect((await reconcileLedger(db(), fx.payments)).differences).toEqual([]);
  });
});
