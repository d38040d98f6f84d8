import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOLD_MS } from '../../server/payments/create-checkout.ts';
import { runPaymentJobs, runPaymentWork } from '../../server/buying-jobs.ts';
import { checkoutBody, startBuyingServer, type BuyingFixture } from '../helpers/buying-fixture.ts';

let fx: BuyingFixture;
let seller: Awaited<ReturnType<BuyingFixture['user']>>;

beforeAll(async () => {
  fx = await startBuyingServer();
  seller = await fx.user({ firstName: 'Sam' });
});
afterAll(() => fx.close());

const heldStay = () => fx.heldStay(seller.id);

const db = () => fx.server.database.db;
const listing = (id: string) => db().selectFrom('listings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const order = (id: string) => db().selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const jobsOf = (orderId: string) =>
  db().selectFrom('jobs').select(['kind', 'state']).where('key', '=', orderId).orderBy('kind').execute();
const mailTo = (email: string) => fx.mailer.sent.filter((message) => message.to === email);

describe('the payment webhook', () => {
  it('refuses a missing or wrong signature with 400 and changes nothing', async () => {
    const { listingId, sessionId, orderId } = await heldStay();
    const event = fx.payments.pay(sessionId);
    const unsigned = await fx.server.request('/api/payment/webhook', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: event.payload,
    });
    expect(unsigned.status).toBe(400);
    expect(unsigned.body.code).toBe('VALIDATION_ERROR');
    const tampered = await fx.deliver({
      payload: event.payload.replace('"paid"', '"paid" '),
      signature: event.signature,
    });
    expect(tampered.status).toBe(400);
    const forgedSignature = event.signature.replace(
      /v1=(\w)/,
      (_match, first: string) => `v1=${first === '0' ? '1' : '0'}`,
    );
    const forged = await fx.deliver({ payload: event.payload, signature: forgedSignature });
    expect(forged.status).toBe(400);
    expect((await order(orderId)).state).toBe('open');
    expect((await listing(listingId)).status).toBe('reserved');
    expect(
      await db().selectFrom('payment_events').select('event_id').where('event_id', '=', event.eventId).execute(),
    ).toEqual([]);
  });

  it('records the sale from checkout.session.completed: order paid, listing sold to the buyer, in one go', async () => {
    const { buyer, listingId, sessionId, orderId } = await heldStay();
    const { status, body } = await fx.deliver(fx.payments.pay(sessionId));
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, data: { received: true, outcome: 'handled' } });
    expect(await order(orderId)).toMatchObject({
      state: 'paid',
      payment_intent_id: `pi_test_${sessionId}`,
      paid_at: fx.clock(),
    });
    expect(await listing(listingId)).toMatchObject({ status: 'sold', buyer_id: buyer.id });
    const history = await db()
      .selectFrom('order_events')
      .select(['from_state', 'to_state', 'reason'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();
    expect(history).toEqual([
      { from_state: null, to_state: 'open', reason: 'checkout started' },
      { from_state: 'open', to_state: 'paid', reason: 'checkout.session.completed' },
    ]);
    expect(await jobsOf(orderId)).toEqual([
      { kind: 'handover.transfer', state: 'pending' },
      { kind: 'payments.receipt_email', state: 'pending' },
      { kind: 'payments.record_payment', state: 'pending' },
      { kind: 'payments.sale_email', state: 'pending' },
    ]);
  });

  it('makes one sale and one receipt from 100 replays of the completing event, in sequence and at once', async () => {
    const { buyer, listingId, sessionId, orderId } = await heldStay();
    const event = fx.payments.pay(sessionId);
    const concurrent = await Promise.all(Array.from({ length: 50 }, () => fx.deliver(event)));
    for (let replay = 0; replay < 50; replay += 1) expect((await fx.deliver(event)).status).toBe(200);
    expect(concurrent.every((reply) => reply.status === 200)).toBe(true);
    expect((await listing(listingId)).buyer_id).toBe(buyer.id);
    const history = await db().selectFrom('order_events').select('to_state').where('order_id', '=', orderId).execute();
    expect(history.map((row) => row.to_state)).toEqual(['open', 'paid']);
    // A new delivery of the same payment (another event id) changes nothing either.
    expect((await fx.deliver(fx.payments.signedEvent('checkout.session.completed', sessionId))).status).toBe(200);
    await Promise.all([runPaymentJobs(fx.deps), runPaymentJobs(fx.deps)]);
    await runPaymentJobs(fx.deps);
    expect(mailTo(buyer.email).map((m) => m.subject)).toEqual([
      'Your stay at Hotel Test is booked',
      'Your stay at Hotel Test is in your name',
    ]);
    expect(mailTo(seller.email).filter((m) => m.text.includes(orderId))).toHaveLength(1);
    expect(fx.payments.refundCalls.filter((call) => call.orderId === orderId)).toEqual([]);
  });

  it('does not fulfil a completed session that is not paid yet, and does on async_payment_succeeded', async () => {
    const { listingId, sessionId, orderId } = await heldStay();
    const pending = fx.payments.signedEvent('checkout.session.completed', sessionId);
    expect((await fx.deliver(pending)).status).toBe(200);
    expect((await order(orderId)).state).toBe('open');
    fx.payments.pay(sessionId);
    expect(
      (await fx.deliver(fx.payments.signedEvent('checkout.session.async_payment_succeeded', sessionId))).status,
    ).toBe(200);
    expect((await order(orderId)).state).toBe('paid');
    expect((await listing(listingId)).status).toBe('sold');
  });

  it('ignores an expired event that comes after the sale', async () => {
    const { listingId, sessionId, orderId } = await heldStay();
    const completed = fx.payments.pay(sessionId);
    const expired = fx.payments.signedEvent('checkout.session.expired', sessionId);
    await fx.deliver(completed);
    expect((await fx.deliver(expired)).status).toBe(200);
    expect((await order(orderId)).state).toBe('paid');
    expect((await listing(listingId)).status).toBe('sold');
  });

  it('releases the hold on checkout.session.expired and async_payment_failed, only for the order still holding', async () => {
    const first = await heldStay();
    await fx.payments.expireCheckoutSession(first.sessionId);
    expect((await fx.deliver(fx.payments.signedEvent('checkout.session.expired', first.sessionId))).status).toBe(200);
    expect((await order(first.orderId)).state).toBe('expired');
    expect((await listing(first.listingId)).status).toBe('active');

    const failed = await heldStay();
    expect(
      (await fx.deliver(fx.payments.signedEvent('checkout.session.async_payment_failed', failed.sessionId))).status,
    ).toBe(200);
    expect((await order(failed.orderId)).state).toBe('cancelled');
    expect((await listing(failed.listingId)).status).toBe('active');
  });

  it('refunds a payment completing after the expired event released the hold, once, and tells the buyer', async () => {
    const { buyer, listingId, sessionId, orderId } = await heldStay();
    const expired = fx.payments.signedEvent('checkout.session.expired', sessionId);
    const completed = fx.payments.pay(sessionId);
    await fx.deliver(expired);
    expect((await order(orderId)).state).toBe('expired');
    for (let replay = 0; replay < 3; replay += 1) expect((await fx.deliver(completed)).status).toBe(200);
    expect(await order(orderId)).toMatchObject({
      state: 'refund_pending',
      refund_reason: 'late_payment',
      paid_at: null,
    });
    expect((await listing(listingId)).status).toBe('active');
    await runPaymentJobs(fx.deps);
    await runPaymentJobs(fx.deps);
    expect(fx.payments.refundCalls.filter((call) => call.orderId === orderId)).toEqual([
      { paymentIntentId: `pi_test_${sessionId}`, orderId, reason: 'late_payment' },
    ]);
    expect(await order(orderId)).toMatchObject({ state: 'refunded', refunded_at: expect.any(Date) });
    const [notice, ...others] = mailTo(buyer.email);
    expect(others).toEqual([]);
    expect(notice!.subject).toBe('Your payment for Hotel Test has been refunded');
    expect(notice!.text).toContain('$120.00');
    expect(await jobsOf(orderId)).toEqual([
      { kind: 'payments.record_payment', state: 'done' },
      { kind: 'payments.refund', state: 'done' },
      { kind: 'payments.refund_email', state: 'done' },
    ]);
  });

  it('refunds as late a payment that completes once check-in has passed, and expires the stay', async () => {
    const buyer = await fx.user();
    const listingId = await fx.listStay(seller.id, { daysAhead: 10 / (24 * 60) }); // check-in in 10 minutes
    const opened = await fx.postJson('/api/payment/create-checkout-session', checkoutBody(listingId), buyer.auth);
    expect(opened.status).toBe(200);
    const { sessionId, orderId } = opened.body.data;
    fx.clock.advance(15 * 60_000); // the hold (31 minutes) is still open, but check-in has passed
    expect((await fx.deliver(fx.payments.pay(sessionId))).status).toBe(200);
    expect(await order(orderId)).toMatchObject({
      state: 'refund_pending',
      refund_reason: 'late_payment',
      paid_at: null,
    });
    expect((await listing(listingId)).status).toBe('expired');
    const history = await db().selectFrom('order_events').select('reason').where('order_id', '=', orderId).execute();
    expect(history.at(-1)!.reason).toMatch(/after check-in had passed$/);
  });

  it('refunds a payment landing after the hold expired and the stay was sold to someone else', async () => {
    const late = await heldStay();
    fx.clock.advance(HOLD_MS + 1_000);
    await runPaymentWork(fx.deps); // the sweep expires the session at the provider and releases the stay
    expect((await order(late.orderId)).state).toBe('expired');
    expect(fx.payments.sessions.get(late.sessionId)!.status).toBe('expired');

    const winner = await fx.user();
    const { body } = await fx.postJson(
      '/api/payment/create-checkout-session',
      checkoutBody(late.listingId),
      winner.auth,
    );
    await fx.deliver(fx.payments.pay(body.data.sessionId));
    // The provider accepted the first buyer's payment in the instant its session expired.
    await fx.deliver(fx.payments.pay(late.sessionId, { evenIfExpired: true }));

    expect((await order(late.orderId)).state).toBe('refund_pending');
    expect(await listing(late.listingId)).toMatchObject({ status: 'sold', buyer_id: winner.id });
    await runPaymentJobs(fx.deps);
    expect(fx.payments.refundCalls.filter((call) => call.orderId === late.orderId)).toHaveLength(1);
    expect((await order(late.orderId)).state).toBe('refunded');
    expect(fx.payments.refundCalls.filter((call) => call.orderId === body.data.orderId)).toEqual([]);
  });

  it('ignores events of other types and sessions it does not know, recording them once', async () => {
    const { sessionId } = await heldStay();
    const other = fx.payments.signedEvent('payment_intent.created', sessionId);
    expect((await fx.deliver(other)).body.data.outcome).toBe('ignored');
    expect((await fx.deliver(other)).body.data.outcome).toBe('duplicate');
  });
});
