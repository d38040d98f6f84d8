import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPaymentJobs } from '../../server/buying-jobs.ts';
import { publishPolicy } from '../../server/hotel-policy/publish-policy.ts';
import { reconcileLedger } from '../../server/ledger/reconcile.ts';
import { runOrdersCommand } from '../../server/payments/orders-command.ts';
import { startBuyingServer, type BuyingFixture } from '../helpers/buying-fixture.ts';
import { addMember, ALLOW_ALL_POLICY, hotelIdOf } from '../helpers/test-hotel.ts';
import { PmsBillError } from '../../server/selling/pms/pms.ts';

let fx: BuyingFixture;
let seller: Awaited<ReturnType<BuyingFixture['user']>>;
let hotelId: string;
let admin: Awaited<ReturnType<BuyingFixture['user']>>;
let staff: Awaited<ReturnType<BuyingFixture['user']>>;

const FEE = 1_500;

beforeAll(async () => {
  fx = await startBuyingServer();
  seller = await fx.user({ firstName: 'Sam' });
  hotelId = await hotelIdOf(db());
  admin = await fx.user();
  staff = await fx.user();
  await addMember(db(), hotelId, 'admin', admin);
  await addMember(db(), hotelId, 'staff', staff);
  await publishPolicy(fx.deps, admin.id, hotelId, { ...ALLOW_ALL_POLICY, nameChangeFee: { amountCents: FEE } });
});
afterAll(() => fx.close());

const db = () => fx.server.database.db;
const hotelPayout = (orderId: string) =>
  db().selectFrom('hotel_payouts').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
const payoutsOf = async (user: { auth: Record<string, string> }) =>
  fx.server.request(`/api/hotels/${hotelId}/payouts`, { headers: user.auth });
const history = async (orderId: string) =>
  (
    await db()
      .selectFrom('payout_events')
      .select(['payee', 'to_state'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute()
  ).map((row) => `${row.payee}:${row.to_state}`);
const hotelPayable = async () =>
  Number(
    (
      await db()
        .selectFrom('ledger_entries')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('total'))
        .where('account', '=', 'hotel_payable')
        .where('hotel_id', '=', hotelId)
        .executeTakeFirstOrThrow()
    ).total,
  );

async function expectLedgerReconciled() {
  expect((await reconcileLedger(db(), fx.payments)).differences).toEqual([]);
}

async function transferredSale() {
  const held = await fx.heldStay(seller.id);
  expect((await fx.deliver(fx.payments.pay(held.sessionId))).status).toBe(200);
  await runPaymentJobs(fx.deps);
  expect((await fx.orderRow(held.orderId)).state).toBe('transferred');
  return held;
}

describe("the hotel's payouts", () => {
  let waitingOrderId: string;

  it('owes a hotel without a payout account its fee, and shows it in the console', async () => {
    const sale = await transferredSale();
    waitingOrderId = sale.orderId;
    expect(await hotelPayout(sale.orderId)).toMatchObject({
      state: 'waiting_account',
      fee_cents: FEE,
      hotel_id: hotelId,
      transfer_id: null,
    });
    // Nothing reaches the hotel before a transfer: the ledger owes it the fee.
    expect(fx.payments.transfers.get(`hotel-fee:${sale.orderId}`)).toBeUndefined();
    expect(await hotelPayable()).toBe(-FEE);
    // The seller's share is the sale alone: the fee is not theirs.
    expect(await fx.payoutRow(sale.orderId)).toMatchObject({ sale_cents: 12_000 });
    const reply = await payoutsOf(staff);
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({
      account: { status: 'not_set_up' },
      owed: [{ currency: 'USD', amount: 15 }],
      paid: [],
      fees: [{ orderId: sale.orderId, state: 'waiting_account', amount: 15 }],
    });
    expect(await history(sale.orderId)).toEqual(expect.arrayContaining(['hotel:scheduled', 'hotel:waiting_account']));
    await expectLedgerReconciled();
  });

  it('lets only an admin open the onboarding, and refuses anyone not of the hotel', async () => {
    expect((await fx.postJson(`/api/hotels/${hotelId}/payouts/onboarding`, {}, staff.auth)).status).toBe(403);
    expect((await fx.postJson(`/api/hotels/${hotelId}/payouts/onboarding`, {}, seller.auth)).status).toBe(404);
    expect((await payoutsOf(seller)).status).toBe(404);
  });

  it('pays the waiting fee once the account is ready, to the hotel’s account, apart from the seller’s payout', async () => {
    const link = await fx.postJson(`/api/hotels/${hotelId}/payouts/onboarding`, {}, admin.auth);
    expect(link.status).toBe(200);
    const [accountId] = [...fx.payments.accounts].find(([, account]) => account.owner === `hotel:${hotelId}`)!;
    await fx.postJson(`/api/hotels/${hotelId}/payouts/onboarding`, {}, admin.auth);
    expect([...fx.payments.accounts.values()].filter((a) => a.owner === `hotel:${hotelId}`)).toHaveLength(1);
    expect((await fx.deliver(fx.payments.makeAccountReady(accountId))).status).toBe(200);
    await runPaymentJobs(fx.deps);

    const paid = await hotelPayout(waitingOrderId);
    expect(paid).toMatchObject({ state: 'paid' });
    expect(fx.payments.transfers.get(`hotel-fee:${waitingOrderId}`)).toMatchObject({
      id: paid.transfer_id,
      destination: accountId,
      transferGroup: `hotel-fee:${waitingOrderId}`,
    });
    expect(await hotelPayable()).toBe(0);
    expect((await payoutsOf(admin)).body.data).toMatchObject({
      account: { status: 'ready' },
      owed: [],
      paid: [{ currency: 'USD', amount: 15 }],
    });
    await expectLedgerReconciled();
  });

  it('sends the fee of a new sale at once to a ready account', async () => {
    const sale = await transferredSale();
    expect(await hotelPayout(sale.orderId)).toMatchObject({ state: 'paid' });
    await expectLedgerReconciled();
  });

  it('takes the fee back when a stay in the buyer’s name is refunded', async () => {
    const sale = await transferredSale();
    await runOrdersCommand(['refund', sale.orderId, '--reason', 'cancelled_by_hotel'], fx.deps);
    await runPaymentJobs(fx.deps);
    expect((await fx.orderRow(sale.orderId)).state).toBe('refunded');
    expect(await hotelPayout(sale.orderId)).toMatchObject({ state: 'reversed' });
    expect(await history(sale.orderId)).toEqual(
      expect.arrayContaining(['hotel:scheduled', 'hotel:paid', 'hotel:reversed']),
    );
    await expectLedgerReconciled();
  });

  it('cancels a fee not yet sent when the sale is refunded', async () => {
    fx.setPayoutRelease('check_in');
    try {
      const sale = await transferredSale();
      expect(await hotelPayout(sale.orderId)).toMatchObject({ state: 'scheduled' });
      await runOrdersCommand(['refund', sale.orderId, '--reason', 'cancelled_by_hotel'], fx.deps);
      await runPaymentJobs(fx.deps);
      expect(await hotelPayout(sale.orderId)).toMatchObject({ state: 'cancelled', transfer_id: null });
      await expectLedgerReconciled();
    } finally {
      fx.setPayoutRelease('transferred');
    }
  });
});

describe("the fee on the hotel's bill", () => {
  const posting = (orderId: string) =>
    db().selectFrom('hotel_fee_postings').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
  const jobOf = (orderId: string) =>
    db()
      .selectFrom('jobs')
      .select(['state', 'last_error'])
      .where('kind', '=', 'payouts.post_hotel_fee_to_bill')
      .where('key', '=', orderId)
      .executeTakeFirstOrThrow();

  it('is posted once the stay is the buyer’s: the item and the money collected, named by our order', async () => {
    const sale = await transferredSale();
    expect(await posting(sale.orderId)).toMatchObject({
      state: 'posted',
      pms_order_id: `order-${sale.orderId}`,
      pms_payment_id: `payment-${sale.orderId}`,
    });
    expect(fx.pms.billPostings.at(-1)?.fee).toEqual({
      orderId: sale.orderId,
      itemName: 'Name-change fee (Restay resale)',
      amountCents: FEE,
      currency: 'USD',
    });
    expect((await payoutsOf(admin)).body.data.billPostingProblem).toBeNull();
  });

  it('says in the console when the hotel has not granted the calls, and the fee is still paid', async () => {
    fx.pms.billFailures.push(
      new PmsBillError('not_granted', 'You are not allowed', { pmsOrderId: null, pmsPaymentId: null }),
    );
    const sale = await transferredSale();
    expect(await posting(sale.orderId)).toMatchObject({ state: 'not_granted' });
    expect(await hotelPayout(sale.orderId)).toMatchObject({ state: 'paid' });
    expect((await payoutsOf(staff)).body.data.billPostingProblem).toBe(
      'Posting fees to your bills needs the Orders permission',
    );
  });

  it('is tried again after a rate limit, and never again after a write that got no answer', async () => {
    fx.pms.billFailures.push(
      new PmsBillError('rate_limited', 'slow down', { pmsOrderId: null, pmsPaymentId: null }, 1),
    );
    const limited = await transferredSale();
    expect((await jobOf(limited.orderId)).state).not.toBe('failed');

    fx.pms.billFailures.push(
      new PmsBillError('unavailable', 'timeout', { pmsOrderId: 'order-made', pmsPaymentId: null }, null, true),
    );
    const inDoubt = await transferredSale();
    expect(await posting(inDoubt.orderId)).toMatchObject({ state: 'failed', pms_order_id: 'order-made' });
    expect(await jobOf(inDoubt.orderId)).toMatchObject({ state: 'failed', last_error: expect.stringMatching(/bill/) });
    // Neither blocks the sale or its payouts.
    expect((await fx.orderRow(inDoubt.orderId)).state).toBe('transferred');
    expect(await hotelPayout(inDoubt.orderId)).toMatchObject({ state: 'paid' });
  });
});

describe('ledger:check and the hotels’ fees', () => {
  it('sums each hotel’s fees, and names the order whose fee the provider holds apart from the ledger', async () => {
    const { hotelFees, differences } = await reconcileLedger(db(), fx.payments);
    expect(differences).toEqual([]);
    const hotel = hotelFees.find((fee) => fee.currency === 'USD')!;
    // Every sale here carried the fee; some were refunded, some paid out, some taken back.
    expect(hotel.chargedCents % FEE).toBe(0);
    expect(hotel.refundedCents).toBeGreaterThanOrEqual(2 * FEE);
    expect(hotel.reversedCents).toBeGreaterThanOrEqual(FEE);
    expect(hotel.owedCents + (await hotelPayable())).toBe(0);

    // Part of the hotel's transfer taken back by hand at the provider, which the ledger never heard of.
    const sale = await transferredSale();
    fx.payments.transfers.get(`hotel-fee:${sale.orderId}`)!.amountReversedCents = 100;
    const after = await reconcileLedger(db(), fx.payments);
    expect(after.differences.some((line) => line.startsWith(`order ${sale.orderId}`))).toBe(true);
  });
});
