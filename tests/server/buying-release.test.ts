import { pino } from 'pino';
import { sellerPayoutLine } from '../../server/payments/seller-payout-line.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOLD_MS } from '../../server/payments/create-checkout.ts';
import { runPaymentWork } from '../../server/buying-jobs.ts';
import { startHoldSweep, sweepLapsedHolds } from '../../server/payments/payment-jobs.ts';
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
const listingStatus = async (id: string) =>
  (await db().selectFrom('listings').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const orderState = async (id: string) =>
  (await db().selectFrom('orders').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state;
const cancel = (sessionId: string, auth: Record<string, string>) =>
  fx.postJson('/api/payment/cancel', { sessionId }, auth);

describe('cancelling a checkout', () => {
  it('expires the session at the provider first, then puts the stay back on the market', async () => {
    const { buyer, listingId, sessionId, orderId } = await heldStay();
    const { status, body } = await cancel(sessionId, buyer.auth);
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, data: { orderState: 'cancelled', listingId } });
    expect(fx.payments.sessions.get(sessionId)!.status).toBe('expired');
    expect(await listingStatus(listingId)).toBe('active');
    expect(await orderState(orderId)).toBe('cancelled');
    // Again: nothing more happens.
    expect((await cancel(sessionId, buyer.auth)).body.data.orderState).toBe('cancelled');
    const history = await db().selectFrom('order_events').select('to_state').where('order_id', '=', orderId).execute();
    expect(history.map((row) => row.to_state)).toEqual(['open', 'cancelled']);
  });

  it('keeps the hold when the provider cannot be reached, so no payment can land on a released stay', async () => {
    const { buyer, listingId, sessionId } = await heldStay();
    fx.payments.failNext('expire', new Error('timeout'));
    const { status, body } = await cancel(sessionId, buyer.auth);
    expect(status).toBe(502);
    expect(body.code).toBe('UPSTREAM_ERROR');
    expect(await listingStatus(listingId)).toBe('reserved');
  });

  it('records the sale instead when the provider says the buyer had paid', async () => {
    const { buyer, listingId, sessionId } = await heldStay();
    fx.payments.pay(sessionId); // the webhook has not arrived
    const { body } = await cancel(sessionId, buyer.auth);
    expect(body.data.orderState).toBe('paid');
    expect(await listingStatus(listingId)).toBe('sold');
  });

  it("refuses another user's checkout (403) and an unknown one (404)", async () => {
    const { sessionId, listingId } = await heldStay();
    const stranger = await fx.user();
    expect((await cancel(sessionId, stranger.auth)).status).toBe(403);
    expect((await cancel('cs_unknown', stranger.auth)).status).toBe(404);
    expect((await cancel(sessionId, {})).status).toBe(401);
    expect(await listingStatus(listingId)).toBe('reserved');
  });
});

describe('the sweep of lapsed holds', () => {
  it('leaves holds alone until they lapse, then expires them at the provider and releases them, idempotently', async () => {
    const { listingId, sessionId, orderId } = await heldStay();
    await runPaymentWork(fx.deps);
    expect(await listingStatus(listingId)).toBe('reserved');
    fx.clock.advance(HOLD_MS);
    const [first, second] = await Promise.all([runPaymentWork(fx.deps), runPaymentWork(fx.deps)]);
    expect(first.released + second.released).toBeGreaterThanOrEqual(1);
    expect(fx.payments.sessions.get(sessionId)!.status).toBe('expired');
    expect(await listingStatus(listingId)).toBe('active');
    expect(await orderState(orderId)).toBe('expired');
    const history = await db()
      .selectFrom('order_events')
      .select(['to_state', 'reason'])
      .where('order_id', '=', orderId)
      .execute();
    expect(history).toEqual([
      { to_state: 'open', reason: 'checkout started' },
      { to_state: 'expired', reason: 'hold expired' },
    ]);
  });

  it('releases a hold whose checkout the provider no longer knows, instead of keeping the stay forever', async () => {
    const { listingId, sessionId, orderId } = await heldStay();
    fx.payments.sessions.delete(sessionId); // the provider answers resource_missing for it
    fx.clock.advance(HOLD_MS);
    await sweepLapsedHolds(fx.deps);
    expect(await listingStatus(listingId)).toBe('active');
    expect(await orderState(orderId)).toBe('expired');
    const released = await db()
      .selectFrom('order_events')
      .select('reason')
      .where('order_id', '=', orderId)
      .where('to_state', '=', 'expired')
      .executeTakeFirstOrThrow();
    expect(released.reason).toBe('hold expired; the payment provider no longer knows its checkout');
  });

  it('never lets a hold whose provider call keeps failing block the holds behind it', async () => {
    const failing = await heldStay();
    fx.clock.advance(1_000);
    const behind = await heldStay();
    fx.payments.failingExpiries.set(failing.sessionId, new Error('provider refuses this one'));
    fx.clock.advance(HOLD_MS);
    const logged: { orderId?: string; msg: string }[] = [];
    const logger = pino({ level: 'error' }, { write: (line: string) => void logged.push(JSON.parse(line)) });
    try {
      // One hold a page, so the failing one is a whole page of its own, ahead of the other.
      await sweepLapsedHolds({ ...fx.deps, logger }, { batch: 1 });
    } finally {
      fx.payments.failingExpiries.clear();
    }
    expect(await listingStatus(behind.listingId)).toBe('active');
    expect(await orderState(behind.orderId)).toBe('expired');
    expect(await listingStatus(failing.listingId)).toBe('reserved');
    expect(logged).toEqual([
      expect.objectContaining({ orderId: failing.orderId, msg: 'releasing a lapsed hold failed' }),
    ]);
    // The next sweep, with the provider answering again, releases it.
    await sweepLapsedHolds(fx.deps);
    expect(await listingStatus(failing.listingId)).toBe('active');
  });

  it('runs on its own timer until stopped', async () => {
    const { listingId } = await heldStay();
    fx.clock.advance(HOLD_MS);
    const stop = startHoldSweep(fx.deps, { intervalMs: 20 });
    await expect.poll(() => listingStatus(listingId), { timeout: 5_000 }).toBe('active');
    await stop();
  });

  it('lets the next buyer take a lapsed hold the sweep has not reached yet', async () => {
    const { listingId, orderId } = await heldStay();
    fx.clock.advance(HOLD_MS);
    const next = await fx.user();
    const { status } = await fx.postJson('/api/payment/create-checkout-session', checkoutBody(listingId), next.auth);
    expect(status).toBe(200);
    expect(await orderState(orderId)).toBe('expired');
  });
});

describe('session status', () => {
  const statusOf = (sessionId: string, auth: Record<string, string>) =>
    fx.server.request(`/api/payment/session-status/${sessionId}`, { headers: auth });

  it('answers the open session to its buyer only', async () => {
    const { buyer, sessionId, listingId, orderId } = await heldStay();
    const { status, body } = await statusOf(sessionId, buyer.auth);
    expect(status).toBe(200);
    expect(body.data).toEqual({
      status: 'open',
      session: { id: sessionId, payment_status: 'unpaid', metadata: { buyerId: buyer.id, listingId, orderId } },
      orderState: 'open',
      listingId,
      refund: null,
    });
    const stranger = await fx.user();
    expect((await statusOf(sessionId, stranger.auth)).status).toBe(403);
    expect((await statusOf('cs_nope', buyer.auth)).status).toBe(404);
  });

  it('records the sale when the provider says paid before the webhook came, then the webhook changes nothing', async () => {
    const { buyer, sessionId, listingId, orderId } = await heldStay();
    const event = fx.payments.pay(sessionId);
    const { body } = await statusOf(sessionId, buyer.auth);
    expect(body.data).toMatchObject({ status: 'paid', orderState: 'paid', session: { payment_status: 'paid' } });
    expect(await listingStatus(listingId)).toBe('sold');
    expect((await fx.deliver(event)).status).toBe(200);
    const history = await db().selectFrom('order_events').select('to_state').where('order_id', '=', orderId).execute();
    expect(history.map((row) => row.to_state)).toEqual(['open', 'paid']);
  });
});

describe('purchase confirmation and My Stays', () => {
  const purchase = (listingId: string, auth: Record<string, string>, body: Record<string, unknown>) =>
    fx.server.request(`/api/listings/${listingId}/purchase`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', ...auth },
      body: JSON.stringify(body),
    });

  it('never sells on its own: 409 until the payment is recorded, then the sold listing', async () => {
    const { buyer, listingId, sessionId } = await heldStay();
    const early = await purchase(listingId, buyer.auth, { buyer_id: buyer.id, user_id: buyer.id });
    expect(early.status).toBe(409);
    expect(await listingStatus(listingId)).toBe('reserved');
    await fx.deliver(fx.payments.pay(sessionId));
    const { status, body } = await purchase(listingId, buyer.auth, { buyer_id: buyer.id, user_id: buyer.id });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ id: listingId, status: 'sold', buyer_id: buyer.id });
    expect((await purchase(listingId, buyer.auth, { buyer_id: seller.id })).status).toBe(403);
    const stranger = await fx.user();
    expect((await purchase(listingId, stranger.auth, {})).status).toBe(409);
  });

  it("lists the user's purchased stays with their orders, and nobody else's", async () => {
    const buyer = await fx.user();
    const listingId = await fx.listStay(seller.id, { price_cents: 9_999 });
    const { body: opened } = await fx.postJson(
      '/api/payment/create-checkout-session',
      checkoutBody(listingId),
      buyer.auth,
    );
    const held = await fx.listStay(seller.id);
    await fx.postJson('/api/payment/create-checkout-session', checkoutBody(held), buyer.auth);
    await fx.deliver(fx.payments.pay(opened.data.sessionId));

    const { status, body } = await fx.server.request(`/api/listings/purchased/${buyer.id}`, { headers: buyer.auth });
    expect(status).toBe(200);
    expect(body.data).toEqual([
      expect.objectContaining({
        id: listingId,
        status: 'sold',
        buyer_id: buyer.id,
        first_name: 'Sam',
        order: {
          id: opened.data.orderId,
          state: 'paid',
          amount: 99.99,
          currency: 'USD',
          paidAt: fx.clock().toISOString(),
          timeline: [
            { state: 'open', at: fx.clock().toISOString() },
            { state: 'paid', at: fx.clock().toISOString() },
          ],
          handover: null,
          refund: null,
          // The hotel has not been asked yet, so no retry is under way.
          transferRetry: null,
          reverseHandover: null,
        },
      }),
    ]);
    expect((await fx.server.request(`/api/listings/purchased/${seller.id}`, { headers: buyer.auth })).status).toBe(403);
    expect((await fx.server.request(`/api/listings/purchased/${buyer.id}`)).status).toBe(401);
  });
});

describe('emails', () => {
  it("sends the buyer's receipt and the seller's notice once, after the sale", async () => {
    const { buyer, sessionId, orderId } = await heldStay();
    await fx.deliver(fx.payments.pay(sessionId));
    await runPaymentWork(fx.deps);
    await runPaymentWork(fx.deps);
    const receipts = fx.mailer.sent.filter(
      (m) => m.to === buyer.email && m.subject === 'Your stay at Hotel Test is booked',
    );
    expect(receipts).toHaveLength(1);
    for (const fact of [
      'Hotel: Hotel Test',
      'City: Lisbon, Portugal',
      'Nights: 2',
      'Amount paid: $120.00',
      'Check-in: ',
      orderId,
    ]) {
      expect(receipts[0]!.text).toContain(fact);
    }
    expect(receipts[0]!.text).toContain(
      'we are asking the hotel to put the reservation in your name. You will hear from us',
    );
    const notices = fx.mailer.sent.filter((m) => m.to === seller.email && m.text.includes(orderId));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.subject).toBe('Your stay at Hotel Test has sold');
    // The seller's title is the stay's, not "the room"; what they receive is said in the payout's terms: a
    // sale in dollars is paid out in euros at the provider's rate on the day, estimated at a dated rate.
    expect(notices[0]!.text).toContain('Stay: ');
    expect(notices[0]!.text).toMatch(
      /You receive: \$120\.00, paid out in euros at the payment provider's rate on the day: about €[\d,.]+ at the European Central Bank rate of \w{3}, \w{3} \d{1,2}, \d{4}\./,
    );
  });

  it("says a seller paid in the sale's own currency receives their share after the fee, and no estimate", async () => {
    const line = await sellerPayoutLine(
      { ...fx.deps, settlementCurrency: 'USD', payouts: { feePercent: 10, release: 'transferred' } },
      { amountCents: 12_000, currency: 'USD' },
    );
    expect(line).toBe('You receive: $108.00');
  });

  it('retries a failed email later instead of losing it', async () => {
    const { buyer, sessionId, orderId } = await heldStay();
    await fx.deliver(fx.payments.pay(sessionId));
    const send = fx.mailer.send.bind(fx.mailer);
    fx.mailer.send = async () => {
      throw new Error('SMTP down');
    };
    await runPaymentWork(fx.deps);
    fx.mailer.send = send;
    expect(fx.mailer.sent.filter((m) => m.to === buyer.email && m.subject.endsWith('is booked'))).toEqual([]);
    const failed = await db()
      .selectFrom('jobs')
      .select(['attempts', 'last_error'])
      .where('key', '=', orderId)
      .where('kind', '=', 'payments.receipt_email')
      .executeTakeFirstOrThrow();
    expect(failed).toEqual({ attempts: 1, last_error: 'SMTP down' });
    fx.clock.advance(60_000);
    await runPaymentWork(fx.deps);
    expect(fx.mailer.sent.filter((m) => m.to === buyer.email && m.subject.endsWith('is booked'))).toHaveLength(1);
  });
});
