import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTHING_AT_THE_DESK } from '../../contract/hotel-fee.ts';
import { NAME_CHANGE_FEE_MAX_SHARE_PERCENT } from '../../contract/stay-charge.ts';
import type { ResalePolicy } from '../../contract/resale-policy.ts';
import { runPaymentJobs } from '../../server/buying-jobs.ts';
import { PmsTransferError } from '../../server/selling/pms/pms.ts';
import { publishPolicy } from '../../server/hotel-policy/publish-policy.ts';
import { runOrdersCommand } from '../../server/payments/orders-command.ts';
import { reconcileLedger } from '../../server/ledger/reconcile.ts';
import { checkoutBody, startBuyingServer, type BuyingFixture } from '../helpers/buying-fixture.ts';
import { addMember, ALLOW_ALL_POLICY, hotelIdOf, TEST_HOTEL_NAME } from '../helpers/test-hotel.ts';

let fx: BuyingFixture;
let seller: Awaited<ReturnType<BuyingFixture['user']>>;
let hotelId: string;
let adminId: string;

beforeAll(async () => {
  fx = await startBuyingServer();
  seller = await fx.user({ firstName: 'Sam' });
  hotelId = await hotelIdOf(db());
  ({ user_id: adminId } = await db()
    .selectFrom('hotel_members')
    .select('user_id')
    .where('hotel_id', '=', hotelId)
    .executeTakeFirstOrThrow());
});
afterAll(() => fx.close());

const db = () => fx.server.database.db;
const publish = (changes: Partial<ResalePolicy>) =>
  publishPolicy(fx.deps, adminId, hotelId, { ...ALLOW_ALL_POLICY, ...changes });
const withFee = (amountCents: number) => publish({ nameChangeFee: { amountCents } });
const refundsOf = (orderId: string) =>
  db().selectFrom('order_refunds').selectAll().where('order_id', '=', orderId).execute();

/** A stay of 120.00 USD (the factories' price) held by a fresh buyer, under the hotel's live policy. */
const held = () => fx.heldStay(seller.id);

async function sold() {
  const stay = await held();
  expect((await fx.deliver(fx.payments.pay(stay.sessionId))).status).toBe(200);
  return stay;
}

describe('the fee in the published policy', () => {
  it('refuses a fee or desk charge out of range at publish, saying so in the hotel’s words, field by field', async () => {
    const admin = await fx.user();
    await addMember(db(), hotelId, 'admin', admin);
    const reply = await fx.server.request(`/api/hotels/${hotelId}/policy`, {
      method: 'PUT',
      headers: { ...admin.auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        policy: {
          ...ALLOW_ALL_POLICY,
          nameChangeFee: { amountCents: 2_000_000 },
          deskCharges: { ...NOTHING_AT_THE_DESK, cityTax: { kind: 'percent', percent: 40 } },
        },
      }),
    });
    expect(reply.status).toBe(400);
    expect(reply.body.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ message: 'The name-change fee can be at most 10000.' }),
        expect.objectContaining({ message: 'The city tax can be at most 25% of the price.' }),
      ]),
    );
  });

  it('reads a version published before the fee existed as no fee and nothing at the desk', async () => {
    const { version } = await db()
      .selectFrom('hotel_policy_versions')
      .select((eb) => eb.fn.max('version').as('version'))
      .where('hotel_id', '=', hotelId)
      .executeTakeFirstOrThrow();
    const { nameChangeFee: _fee, deskCharges: _desk, ...before } = ALLOW_ALL_POLICY;
    await db()
      .insertInto('hotel_policy_versions')
      .values({
        hotel_id: hotelId,
        version: Number(version ?? 0) + 1,
        policy: JSON.stringify(before),
        published_by: adminId,
        published_at: fx.clock(),
      })
      .execute();
    const stay = await held();
    expect(await fx.orderRow(stay.orderId)).toMatchObject({ hotel_fee_cents: 0 });
    const page = await fx.server.request(`/api/listings/${(await fx.orderRow(stay.orderId)).listing_id}`);
    expect(page.body.data.hotel_approval.total).toMatchObject({ hotelFee: 0, desk: NOTHING_AT_THE_DESK });
  });
});

describe('the name-change fee at checkout', () => {
  it('is its own line in the same session, and the session charges price + fee', async () => {
    await withFee(1_500);
    const stay = await held();
    const created = fx.payments.created.find((input) => input.orderId === stay.orderId)!;
    expect(created.amountCents).toBe(12_000);
    expect(created.hotelFee).toEqual({ amountCents: 1_500, name: `Name-change fee, paid to ${TEST_HOTEL_NAME}` });
    expect(fx.payments.sessions.get(stay.sessionId)?.amountTotalCents).toBe(13_500);
    expect(await fx.orderRow(stay.orderId)).toMatchObject({
      amount_cents: 12_000,
      hotel_fee_cents: 1_500,
      fee_hotel_id: hotelId,
    });
  });

  it('records the sale when the provider received exactly price + fee', async () => {
    await withFee(1_500);
    const stay = await sold();
    expect(await fx.orderRow(stay.orderId)).toMatchObject({ state: 'paid', amount_received_cents: 13_500 });
  });

  it(`is capped at ${NAME_CHANGE_FEE_MAX_SHARE_PERCENT}% of the asking price`, async () => {
    await withFee(900_000);
    const stay = await held();
    expect((await fx.orderRow(stay.orderId)).hotel_fee_cents).toBe(2_400);
    expect(fx.payments.sessions.get(stay.sessionId)?.amountTotalCents).toBe(14_400);
  });

  it('is fixed when the stay is held: a publish during the checkout changes nothing for that buyer', async () => {
    await withFee(1_000);
    const stay = await held();
    await withFee(2_000);
    expect(await sold().then((next) => fx.orderRow(next.orderId))).toMatchObject({ hotel_fee_cents: 2_000 });
    expect(fx.payments.sessions.get(stay.sessionId)?.amountTotalCents).toBe(13_000);
    expect((await fx.deliver(fx.payments.pay(stay.sessionId))).status).toBe(200);
    expect(await fx.orderRow(stay.orderId)).toMatchObject({ state: 'paid', hotel_fee_cents: 1_000 });
  });

  it('adds no line and no fee when the policy has none', async () => {
    await withFee(0);
    const stay = await held();
    expect(fx.payments.created.find((input) => input.orderId === stay.orderId)?.hotelFee).toBeUndefined();
    expect(await fx.orderRow(stay.orderId)).toMatchObject({ hotel_fee_cents: 0, fee_hotel_id: null });
  });
});

describe('the all-in total on the stay’s page', () => {
  for (const [price, currency, fee] of [
    [12_000, 'USD', 1_500],
    [12_345, 'EUR', 900_000],
    [1_234_500, 'JPY', 77_777],
  ] as const) {
    it(`is what the checkout charges, to the cent (${price} ${currency}, fee ${fee})`, async () => {
      await withFee(fee);
      const listingId = await fx.listStay(seller.id, { price_cents: price, currency });
      const page = await fx.server.request(`/api/listings/${listingId}`);
      const total = page.body.data.hotel_approval.total;
      expect(total).toMatchObject({ price: price / 100, currency, hotelName: TEST_HOTEL_NAME });
      const buyer = await fx.user();
      const reply = await fx.postJson('/api/payment/create-checkout-session', checkoutBody(listingId), buyer.auth);
      expect(reply.status).toBe(200);
      const session = fx.payments.sessions.get(reply.body.data.sessionId)!;
      expect(session.amountTotalCents).toBe(Math.round(total.allInTotal * 100));
      expect(Math.round(total.hotelFee * 100)).toBe((await fx.orderRow(reply.body.data.orderId)).hotel_fee_cents);
    });
  }

  it('shows what the hotel still charges at the desk, as the policy says it', async () => {
    const desk = {
      cityTax: { kind: 'per_person_night' as const, amountCents: 350 },
      depositCents: 10_000,
      breakfastIncluded: true,
      cancellationTerms: 'Free cancellation until 48 hours before arrival.',
    };
    await publish({ deskCharges: desk });
    const listingId = await fx.listStay(seller.id);
    const page = await fx.server.request(`/api/listings/${listingId}`);
    expect(page.body.data.hotel_approval.total).toMatchObject({ hotelFee: 0, allInTotal: 120, desk });
  });
});

describe('the fee is refunded in full with the sale', () => {
  it('when the hotel refuses the transfer', async () => {
    await withFee(1_500);
    const stay = await sold();
    const { externalId } = await fx.reservationOf(stay.listingId);
    fx.pms.transferFailures.set(externalId, [new PmsTransferError('refused', 'owner change not allowed')]);
    await runPaymentJobs(fx.deps);
    expect((await fx.orderRow(stay.orderId)).state).toBe('refunded');
    expect((await refundsOf(stay.orderId)).map((refund) => refund.amount_cents)).toEqual([13_500]);
  });

  it('when an operator refunds a stay in the buyer’s name', async () => {
    await withFee(1_500);
    const stay = await sold();
    await runPaymentJobs(fx.deps);
    expect((await fx.orderRow(stay.orderId)).state).toBe('transferred');
    await runOrdersCommand(['refund', stay.orderId, '--reason', 'cancelled_by_hotel'], fx.deps);
    await runPaymentJobs(fx.deps);
    expect((await fx.orderRow(stay.orderId)).state).toBe('refunded');
    expect((await refundsOf(stay.orderId)).map((refund) => refund.amount_cents)).toEqual([13_500]);
  });

  it('when refunded by hand at the provider', async () => {
    await withFee(1_500);
    const stay = await sold();
    const { payment_intent_id } = await fx.orderRow(stay.orderId);
    expect((await fx.deliver(fx.payments.refundByHand(payment_intent_id!))).status).toBe(200);
    await runPaymentJobs(fx.deps);
    expect((await fx.orderRow(stay.orderId)).state).toBe('refunded');
    expect((await refundsOf(stay.orderId)).map((refund) => refund.amount_cents)).toEqual([13_500]);
  });

  it('and the ledger agrees with every order, fee included', async () => {
    const { differences } = await reconcileLedger(db());
    expect(differences).toEqual([]);
  });
});
