import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcileLedger } from '../../server/ledger/reconcile.ts';
import { runPaymentJobs } from '../../server/buying-jobs.ts';
import { refundOrderByOperator } from '../../server/payments/operator-refund.ts';
import type { BuyingDeps } from '../../server/payments/deps.ts';
import { insertListing } from '../helpers/factories.ts';
import { TEST_PUBLIC_URL } from '../helpers/supabase-client.ts';
import { startBuyingServer, type BuyingFixture } from '../helpers/buying-fixture.ts';

let fx: BuyingFixture;

beforeAll(async () => {
  fx = await startBuyingServer();
});
afterAll(() => fx.close());

const db = () => fx.server.database.db;
const payout = (orderId: string) => fx.payoutRow(orderId);
const order = (orderId: string) => fx.orderRow(orderId);

/** A stay of the seller bought and put in the buyer's name, with the payout settings given. */
async function transferredSale(sellerId: string, deps: BuyingDeps = fx.deps) {
  const held = await fx.heldStay(sellerId);
  expect((await fx.deliver(fx.payments.pay(held.sessionId))).status).toBe(200);
  await runPaymentJobs(deps);
  expect((await order(held.orderId)).state).toBe('transferred');
  return held;
}

/** The seller (who has listed a stay: payout accounts are for sellers) presses Set up payouts. */
async function onboard(seller: { id: string; auth: Record<string, string> }) {
  await insertListing(db(), seller.id);
  const link = await fx.postJson('/api/payouts/onboarding', {}, seller.auth);
  expect(link.status).toBe(200);
  expect(link.body.data.url).toMatch(/^https:\/\/connect\.test\/onboarding\//);
  const accountId = [...fx.payments.accounts.keys()].at(-1)!;
  return accountId;
}

const accountOf = async (seller: { auth: Record<string, string> }) =>
  (await fx.server.request('/api/payouts/account', { headers: seller.auth })).body.data;

async function expectLedgerReconciled() {
  const reconciliation = await reconcileLedger(db(), fx.payments);
  expect(reconciliation.differences).toEqual([]);
}

describe('payouts', () => {
  it('opens no payout account for a user who has never listed a stay', async () => {
    const user = await fx.user();
    const refused = await fx.postJson('/api/payouts/onboarding', {}, user.auth);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      success: false,
      code: 'CONFLICT',
      error: expect.stringMatching(/^List a stay/),
    });
    expect(fx.payments.accounts.size).toBe(0);
    expect(await accountOf(user)).toEqual({
      status: 'not_set_up',
      label: 'Payouts: not set up',
      hint: 'Set up payouts to be paid as soon as a stay you sold is in the buyer’s name.',
    });
  });

  it('says when sales are paid as this platform releases payouts', async () => {
    const user = await fx.user();
    fx.setPayoutRelease('check_in');
    try {
      expect((await accountOf(user)).hint).toBe(
        'Set up payouts to be paid once a stay you sold reaches its check-in time.',
      );
    } finally {
      fx.setPayoutRelease('transferred');
    }
    expect((await accountOf(user)).hint).toBe(
      'Set up payouts to be paid as soon as a stay you sold is in the buyer’s name.',
    );
  });

  it('sends the seller back from onboarding to the SPA’s origin when it is an allowed one, else to PUBLIC_URL', async () => {
    const spa = 'http://127.0.0.1:5998';
    const api = await fx.instance(fx.server.database, { CORS_ORIGINS: spa });
    try {
      const seller = await fx.user();
      await insertListing(db(), seller.id);
      const onboardFrom = async (origin: string) => {
        const reply = await api.request('/api/payouts/onboarding', {
          method: 'POST',
          headers: { ...seller.auth, Origin: origin, 'Content-Type': 'application/json' },
          body: '{}',
        });
        expect(reply.status).toBe(200);
        return fx.payments.onboardingLinks.at(-1);
      };
      expect(await onboardFrom(spa)).toMatchObject({
        returnUrl: `${spa}/my-listings?payouts=return`,
        refreshUrl: `${spa}/my-listings?payouts=refresh`,
      });
      expect(await onboardFrom('https://evil.example')).toMatchObject({
        returnUrl: `${TEST_PUBLIC_URL}/my-listings?payouts=return`,
        refreshUrl: `${TEST_PUBLIC_URL}/my-listings?payouts=refresh`,
      });
    } finally {
      await api.close();
    }
  });

  it('waits for a seller without a payout account, tells them, and pays as soon as the account is ready', async () => {
    const seller = await fx.user();
    expect(await accountOf(seller)).toMatchObject({ status: 'not_set_up', label: 'Payouts: not set up' });
    const sale = await transferredSale(seller.id);

    expect(await payout(sale.orderId)).toMatchObject({ state: 'waiting_account', fee_cents: 0, transfer_id: null });
    expect(fx.mailer.sent.filter((m) => m.to === seller.email).map((m) => m.subject)).toContainEqual(
      expect.stringMatching(/^Set up payouts to receive /),
    );
    await expectLedgerReconciled();

    const accountId = await onboard(seller);
    expect(await accountOf(seller)).toEqual({
      status: 'details_needed',
      label: 'Payouts: details needed',
      hint: 'The payment provider needs a few more details before it can pay you.',
    });
    // Pressing again reuses the one account.
    await fx.postJson('/api/payouts/onboarding', {}, seller.auth);
    expect([...fx.payments.accounts.values()].filter((a) => a.owner === seller.id)).toHaveLength(1);

    const ready = fx.payments.makeAccountReady(accountId);
    // A connected account's event comes to the Connect endpoint, signed with its own secret: the same delivery
    // posted to the platform's endpoint fails its signature there and changes nothing.
    expect(ready.endpoint).toBe('connect');
    expect((await fx.deliver({ ...ready, endpoint: 'platform' })).status).toBe(400);
    expect(await payout(sale.orderId)).toMatchObject({ state: 'waiting_account' });
    expect((await fx.deliver(ready)).status).toBe(200);
    expect((await fx.deliver(ready)).status).toBe(200);
    expect(await payout(sale.orderId)).toMatchObject({ state: 'scheduled' });
    await runPaymentJobs(fx.deps);

    const sent = await payout(sale.orderId);
    expect(sent).toMatchObject({ state: 'paid', paid_at: fx.clock() });
    const { amount_cents, charge_id } = await order(sale.orderId);
    expect(fx.payments.transfers.get(sale.orderId)).toMatchObject({
      id: sent.transfer_id,
      destination: accountId,
      amountCents: amount_cents,
      sourceChargeId: charge_id,
      transferGroup: sale.orderId,
    });
    expect(await accountOf(seller)).toEqual({
      status: 'ready',
      label: 'Payouts: ready',
      hint: 'Sales are paid to your payout account as soon as the stay is in the buyer’s name.',
    });
    await expectLedgerReconciled();
  });

  it('pays a ready seller once, the platform’s fee kept, however often the job runs', async () => {
    const seller = await fx.user();
    fx.payments.makeAccountReady(await onboard(seller));
    await fx.server.request('/api/payouts/account', { headers: seller.auth });
    const withFee = { ...fx.deps, payouts: { feePercent: 12.5, release: 'transferred' as const } };
    const sale = await transferredSale(seller.id, withFee);

    const { amount_cents } = await order(sale.orderId);
    const fee = Math.round(amount_cents * 0.125);
    expect(await payout(sale.orderId)).toMatchObject({ state: 'paid', sale_cents: amount_cents, fee_cents: fee });
    await db()
      .updateTable('jobs')
      .set({ state: 'pending', run_at: fx.clock() })
      .where('key', '=', sale.orderId)
      .execute();
    await runPaymentJobs(withFee);
    expect(fx.payments.transferCalls.filter((call) => call.orderId === sale.orderId)).toEqual([
      expect.objectContaining({ amountCents: amount_cents - fee }),
    ]);
    await expectLedgerReconciled();
  });

  it('under check_in release, pays nothing before the stay’s check-in time', async () => {
    const seller = await fx.user();
    fx.payments.makeAccountReady(await onboard(seller));
    await fx.server.request('/api/payouts/account', { headers: seller.auth });
    const atCheckIn = { ...fx.deps, payouts: { feePercent: 0, release: 'check_in' as const } };
    const sale = await transferredSale(seller.id, atCheckIn);

    const scheduled = await payout(sale.orderId);
    const { start_utc } = await db()
      .selectFrom('listings')
      .select('start_utc')
      .where('id', '=', sale.listingId)
      .executeTakeFirstOrThrow();
    expect(scheduled).toMatchObject({ state: 'scheduled', release_at: start_utc });
    await runPaymentJobs(atCheckIn);
    expect((await payout(sale.orderId)).state).toBe('scheduled');

    fx.clock.advance(start_utc.getTime() - fx.clock().getTime() + 1);
    await runPaymentJobs(atCheckIn);
    expect((await payout(sale.orderId)).state).toBe('paid');
  });

  it('takes a payout back when the stay is refunded after the handover, and shows a reversal the provider refuses', async () => {
    const seller = await fx.user();
    fx.payments.makeAccountReady(await onboard(seller));
    await fx.server.request('/api/payouts/account', { headers: seller.auth });
    const reversed = await transferredSale(seller.id);
    const refused = await transferredSale(seller.id);
    expect((await payout(reversed.orderId)).state).toBe('paid');

    await refundOrderByOperator(fx.deps, { orderId: reversed.orderId, reason: 'cancelled_by_hotel' });
    await runPaymentJobs(fx.deps);
    expect(await payout(reversed.orderId)).toMatchObject({ state: 'reversed' });
    expect(fx.payments.reversals.get(reversed.orderId)).toMatchObject({
      id: (await payout(reversed.orderId)).reversal_id,
    });

    fx.payments.refuseReversals = true;
    try {
      await refundOrderByOperator(fx.deps, { orderId: refused.orderId, reason: 'cancelled_by_hotel' });
      await runPaymentJobs(fx.deps);
    } finally {
      fx.payments.refuseReversals = false;
    }
    expect((await payout(refused.orderId)).state).toBe('reversal_failed');
    // The seller owes back what the provider would not take: the ledger still agrees with the provider.
    const owed = await db()
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.sum<string>('amount_cents').as('owed'))
      .where('seller_id', '=', seller.id)
      .executeTakeFirstOrThrow();
    expect(Number(owed.owed)).toBe((await order(refused.orderId)).amount_cents);
    await expectLedgerReconciled();
  });

  it('cancels a payout not yet sent when the stay is refunded, and never sends it afterwards', async () => {
    const seller = await fx.user();
    const sale = await transferredSale(seller.id);
    expect((await payout(sale.orderId)).state).toBe('waiting_account');
    await refundOrderByOperator(fx.deps, { orderId: sale.orderId, reason: 'cancelled_by_hotel' });
    await runPaymentJobs(fx.deps);
    expect((await payout(sale.orderId)).state).toBe('cancelled');

    const accountId = await onboard(seller);
    expect((await fx.deliver(fx.payments.makeAccountReady(accountId))).status).toBe(200);
    await runPaymentJobs(fx.deps);
    expect((await payout(sale.orderId)).state).toBe('cancelled');
    expect(fx.payments.transferCalls.filter((call) => call.orderId === sale.orderId)).toEqual([]);
    await expectLedgerReconciled();
  });
});
