import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPaymentJobs } from '../../server/buying-jobs.ts';
import { reconcileLedger } from '../../server/ledger/reconcile.ts';
import { sendPayout } from '../../server/payouts/send-payout.ts';
import { listSellerDebts } from '../../server/payouts/seller-debts.ts';
import { transferredSaleOfReadySeller } from '../helpers/ready-seller.ts';
import { startBuyingServer, type BuyingFixture } from '../helpers/buying-fixture.ts';

/**
 * What the provider holds is read back before a payout is taken for lost or owed: a transfer already reversed is
 * recorded as reversed, not as the seller's debt, and a transfer made for a payout a refund had cancelled is
 * recorded and taken back.
 */
let fx: BuyingFixture;

beforeAll(async () => {
  fx = await startBuyingServer();
});
afterAll(() => fx.close());

const db = () => fx.server.database.db;
const payout = (orderId: string) => fx.payoutRow(orderId);
const order = (orderId: string) => fx.orderRow(orderId);
const differencesOf = async (orderId: string) =>
  (await reconcileLedger(db(), fx.payments, fx.clock())).differences.filter((line) => line.includes(orderId));

const transferredSale = (release: 'transferred' | 'check_in') => transferredSaleOfReadySeller(fx, release);

async function refundByHand(paymentIntentId: string) {
  expect((await fx.deliver(fx.payments.refundByHand(paymentIntentId))).status).toBe(200);
  await runPaymentJobs(fx.deps);
}

describe('a reversal the provider answers "already reversed"', () => {
  it('is recorded as the reversal the provider holds, not as a debt of the seller', async () => {
    const sale = await transferredSale('transferred');
    const { transfer_id } = await payout(sale.orderId);
    expect(transfer_id).toBeTruthy();
    // Someone takes the transfer back by hand in the provider's dashboard before the refund reaches Restay.
    const byHand = await fx.payments.reverseTransfer({ transferId: transfer_id!, orderId: 'dashboard' });
    await refundByHand(sale.paymentIntentId);
    expect(await payout(sale.orderId)).toMatchObject({ state: 'reversed', reversal_id: byHand.id });
    expect((await listSellerDebts(db())).filter((debt) => debt.orderId === sale.orderId)).toEqual([]);
    expect(await differencesOf(sale.orderId)).toEqual([]);
  });

  it('is still the seller’s debt when the provider refuses and holds no reversal', async () => {
    const sale = await transferredSale('transferred');
    fx.payments.refuseReversals = true;
    try {
      await refundByHand(sale.paymentIntentId);
    } finally {
      fx.payments.refuseReversals = false;
    }
    expect((await payout(sale.orderId)).state).toBe('reversal_failed');
    expect(await differencesOf(sale.orderId)).toEqual([]);
  });
});

describe('a transfer made for a payout a refund had cancelled', () => {
  it('is recorded when the send job runs again, and taken back', async () => {
    const sale = await transferredSale('check_in');
    const { charge_id } = await order(sale.orderId);
    const { sale_cents, fee_cents } = await payout(sale.orderId);
    // The refund cancels the payout, and the reverse job finds no transfer at the provider yet.
    await refundByHand(sale.paymentIntentId);
    expect((await payout(sale.orderId)).state).toBe('cancelled');
    // The send whose call timed out had reached the provider all the same: the transfer lands now.
    const late = await fx.payments.createTransfer({
      orderId: sale.orderId,
      accountId: sale.accountId,
      amountCents: sale_cents - fee_cents,
      currency: 'USD',
      sourceChargeId: charge_id!,
    });
    expect(await differencesOf(sale.orderId)).not.toEqual([]);
    // Its job, retried after the timeout, finds it.
    await sendPayout(fx.deps, sale.orderId);
    expect(await payout(sale.orderId)).toMatchObject({ state: 'paid', transfer_id: late.id });
    await runPaymentJobs(fx.deps);
    expect((await payout(sale.orderId)).state).toBe('reversed');
    expect(await differencesOf(sale.orderId)).toEqual([]);
  });
});
