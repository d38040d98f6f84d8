import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOLD_MS } from '../../server/payments/create-checkout.ts';
import { CHECKOUTS_PER_USER } from '../../server/payments/routes.ts';
import { checkoutBody, startBuyingServer, type BuyingFixture } from '../helpers/buying-fixture.ts';
import { TEST_PUBLIC_URL } from '../helpers/supabase-client.ts';

let fx: BuyingFixture;
let seller: Awaited<ReturnType<BuyingFixture['user']>>;

beforeAll(async () => {
  fx = await startBuyingServer();
  seller = await fx.user({ firstName: 'Sam' });
});
afterAll(() => fx.close());

const checkout = (listingId: string, auth: Record<string, string>, fields: Record<string, unknown> = {}) =>
  fx.postJson('/api/payment/create-checkout-session', checkoutBody(listingId, fields), auth);

const listingRow = (id: string) =>
  fx.server.database.db.selectFrom('listings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const ordersOf = (listingId: string) =>
  fx.server.database.db
    .selectFrom('orders')
    .selectAll()
    .where('listing_id', '=', listingId)
    .orderBy('created_at')
    .execute();

describe('creating a checkout', () => {
  it('describes the stay on the hosted checkout with its days as the hotel counts them', async () => {
    const buyer = await fx.user();
    // Check-in 15:00 in Auckland is 02:00 UTC the same day; check-out 11:00 there is 23:00 UTC the day before.
    const listingId = await fx.listStay(seller.id, {
      start_utc: new Date('2031-04-01T02:00:00Z'),
      end_utc: new Date('2031-04-02T23:00:00Z'),
    });
    const { reservation_id } = await listingRow(listingId);
    await fx.server.database.db
      .updateTable('reservations')
      .set({ time_zone: 'Pacific/Auckland' })
      .where('id', '=', reservation_id)
      .execute();
    expect((await checkout(listingId, buyer.auth)).status).toBe(200);
    expect(fx.payments.created.at(-1)?.productDescription).toContain(
      'Check-in Tue, Apr 1, 2031, check-out Thu, Apr 3, 2031 (2 nights)',
    );
  });

  it('holds the stay for the buyer and opens a session for the database price, expiring with the hold', async () => {
    const buyer = await fx.user();
    const listingId = await fx.listStay(seller.id, { price_cents: 15_050, currency: 'EUR' });
    const { status, body } = await checkout(listingId, buyer.auth, {
      amount: 150.5,
      userId: buyer.id,
      buyer_id: buyer.id,
      user_id: buyer.id,
    });
    expect(status).toBe(200);
    const [order] = await ordersOf(listingId);
    const expiresAt = new Date(fx.clock().getTime() + HOLD_MS);
    expect(body).toEqual({
      success: true,
      data: {
        url: expect.stringMatching(/^https:\/\/checkout\.test\//),
        sessionId: order!.checkout_session_id,
        orderId: order!.id,
        expiresAt: expiresAt.toISOString(),
      },
    });
    expect(order).toMatchObject({
      state: 'open',
      buyer_id: buyer.id,
      seller_id: seller.id,
      amount_cents: 15_050,
      currency: 'EUR',
      buyer_email: buyer.email,
    });
    expect(order!.hold_expires_at.getTime()).toBe(expiresAt.getTime());
    expect((await listingRow(listingId)).status).toBe('reserved');
    const created = fx.payments.created.at(-1)!;
    expect(created).toMatchObject({
      orderId: order!.id,
      listingId,
      buyerId: buyer.id,
      buyerEmail: buyer.email,
      amountCents: 15_050,
      currency: 'EUR',
    });
    expect(created.expiresAt.getTime()).toBe(expiresAt.getTime());
    expect(created.expiresAt.getTime() - fx.clock().getTime()).toBeGreaterThan(30 * 60_000);
    expect(created.successUrl).toBe(`${TEST_PUBLIC_URL}/payment/success?session_id={CHECKOUT_SESSION_ID}`);
    expect(created.productName).toBe('Reservation for Double Room');
    const history = await fx.server.database.db
      .selectFrom('order_events')
      .selectAll()
      .where('order_id', '=', order!.id)
      .execute();
    expect(history).toMatchObject([{ from_state: null, to_state: 'open' }]);
  });

  it('gives the same buyer the same open session, and tells anyone else when the hold ends', async () => {
    const [first, second] = [await fx.user(), await fx.user()];
    const listingId = await fx.listStay(seller.id);
    const opened = await checkout(listingId, first.auth);
    const createdBefore = fx.payments.created.length;
    const again = await checkout(listingId, first.auth);
    expect(again.body.data).toEqual(opened.body.data);
    expect(fx.payments.created.length).toBe(createdBefore);
    const other = await checkout(listingId, second.auth);
    expect(other.status).toBe(409);
    expect(other.body).toEqual({
      success: false,
      code: 'CONFLICT',
      error: 'Someone is paying for this stay right now',
      details: { reason: 'held', holdExpiresAt: opened.body.data.expiresAt },
    });
    expect(await ordersOf(listingId)).toHaveLength(1);
  });

  it('limits how many checkouts one buyer opens in 10 minutes (429), whatever the stay', async () => {
    const buyer = await fx.user();
    const listingId = await fx.listStay(seller.id);
    const answers = [];
    for (let attempt = 0; attempt <= CHECKOUTS_PER_USER; attempt++)
      answers.push((await checkout(listingId, buyer.auth)).status);
    expect(answers.slice(0, CHECKOUTS_PER_USER).every((status) => status === 200)).toBe(true);
    expect(answers.at(-1)).toBe(429);
    // Another buyer has a budget of their own.
    const other = await checkout(await fx.listStay(seller.id), (await fx.user()).auth);
    expect(other.status).toBe(200);
  });

  it('accepts the simple form and adds the session placeholder the success page needs', async () => {
    const buyer = await fx.user();
    const listingId = await fx.listStay(seller.id);
    const { status, body } = await fx.postJson(
      '/api/payment/create-session',
      {
        listing_id: listingId,
        user_id: buyer.id,
        success_url: `${TEST_PUBLIC_URL}/payment/success#top`,
        cancel_url: `${TEST_PUBLIC_URL}/payment/cancel`,
        guestFirstName: 'Erika',
        guestLastName: 'Mustermann',
      },
      buyer.auth,
    );
    expect(status).toBe(200);
    expect(fx.payments.created.at(-1)!.orderId).toBe(body.data.orderId);
    expect(fx.payments.created.at(-1)!.successUrl).toBe(
      `${TEST_PUBLIC_URL}/payment/success?session_id={CHECKOUT_SESSION_ID}#top`,
    );
  });

  it('answers 401 without a token', async () => {
    const listingId = await fx.listStay(seller.id);
    const { status, body } = await checkout(listingId, {});
    expect(status).toBe(401);
    expect(body.code).toBe('UNAUTHENTICATED');
  });

  it.each(['userId', 'user_id', 'buyer_id'])(
    "refuses another user's id in %s (403) and holds nothing",
    async (field) => {
      const buyer = await fx.user();
      const listingId = await fx.listStay(seller.id);
      const { status, body } = await checkout(listingId, buyer.auth, { [field]: seller.id });
      expect(status).toBe(403);
      expect(body.code).toBe('FORBIDDEN');
      expect((await listingRow(listingId)).status).toBe('active');
      expect(await ordersOf(listingId)).toEqual([]);
    },
  );

  it('refuses the seller buying their own stay (403)', async () => {
    const listingId = await fx.listStay(seller.id);
    const { status, body } = await checkout(listingId, seller.auth);
    expect(status).toBe(403);
    expect(body).toMatchObject({ code: 'FORBIDDEN', error: 'You cannot buy your own stay' });
  });

  it.each([
    ['successUrl', 'https://evil.example/payment/success?session_id={CHECKOUT_SESSION_ID}'],
    ['cancelUrl', 'http://localhost:6000/payment/cancel'],
    ['successUrl', 'javascript:alert(1)'],
  ])('refuses a %s off the product origin (400): %s', async (field, url) => {
    const buyer = await fx.user();
    const listingId = await fx.listStay(seller.id);
    const { status, body } = await checkout(listingId, buyer.auth, { [field]: url });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field }] });
    expect((await listingRow(listingId)).status).toBe('active');
  });

  it('charges the database price: a different browser amount is 409 with the current price, and no session', async () => {
    const buyer = await fx.user();
    const listingId = await fx.listStay(seller.id, { price_cents: 12_000 });
    const createdBefore = fx.payments.created.length;
    const { status, body } = await checkout(listingId, buyer.auth, { amount: 1 });
    expect(status).toBe(409);
    expect(body).toEqual({
      success: false,
      code: 'CONFLICT',
      error: 'The price of this stay changed',
      details: { price: 120 },
    });
    expect(fx.payments.created.length).toBe(createdBefore);
    expect((await listingRow(listingId)).status).toBe('active');
  });

  it('answers 404 for an unknown or malformed listing id and 409 for a sold one', async () => {
    const buyer = await fx.user();
    expect((await checkout('7d5c56f4-57a6-4d54-9a36-8c4e1dc7c1b1', buyer.auth)).status).toBe(404);
    expect((await checkout('not-an-id', buyer.auth)).status).toBe(404);
    const sold = await fx.listStay(seller.id, { status: 'sold', buyer_id: buyer.id });
    const { status, body } = await checkout(sold, buyer.auth);
    expect(status).toBe(409);
    expect(body).toMatchObject({ code: 'CONFLICT', error: 'This stay has already been sold' });
  });

  it.each([
    [
      'cancelled at the hotel',
      (r: { state: string }) => Object.assign(r, { state: 'cancelled' }),
      'reservation_cancelled',
      /cancelled at the hotel/,
    ],
    [
      'no longer confirmed',
      (r: { state: string }) => Object.assign(r, { state: 'started' }),
      'reservation_not_confirmed',
      /no longer shows this reservation as confirmed/,
    ],
    [
      'moved to other dates',
      (r: { endUtc: Date }) => Object.assign(r, { endUtc: new Date(r.endUtc.getTime() + 86_400_000) }),
      'reservation_changed',
      /dates changed/,
    ],
  ])('withdraws a stay whose reservation was %s and answers 409', async (_name, change, reason, message) => {
    const buyer = await fx.user();
    const listingId = await fx.listStay(seller.id);
    change((await fx.reservationOf(listingId)) as never);
    const { status, body } = await checkout(listingId, buyer.auth);
    expect(status).toBe(409);
    expect(body).toMatchObject({
      code: 'CONFLICT',
      error: expect.stringMatching(message),
      details: { reason, status: 'withdrawn' },
    });
    expect((await listingRow(listingId)).status).toBe('withdrawn');
    expect(await ordersOf(listingId)).toEqual([]);
  });

  it('withdraws a stay the PMS no longer knows', async () => {
    const buyer = await fx.user();
    const listingId = await fx.listStay(seller.id);
    fx.pms.reservations.delete((await fx.reservationOf(listingId)).externalId);
    expect((await checkout(listingId, buyer.auth)).status).toBe(409);
    expect((await listingRow(listingId)).status).toBe('withdrawn');
  });

  it("releases the hold at once when the provider refuses, and answers the provider's error", async () => {
    const buyer = await fx.user();
    const listingId = await fx.listStay(seller.id);
    fx.payments.failNext('create', new Error('socket hang up'));
    const { status, body } = await checkout(listingId, buyer.auth);
    expect(status).toBe(502);
    expect(body).toMatchObject({
      code: 'UPSTREAM_ERROR',
      error: 'Failed to create checkout session. Please try again.',
    });
    expect((await listingRow(listingId)).status).toBe('active');
    expect(await ordersOf(listingId)).toMatchObject([{ state: 'cancelled' }]);
    // The stay is free again: the next attempt holds it.
    expect((await checkout(listingId, buyer.auth)).status).toBe(200);
  });

  it('keeps at most one open order per listing in the database itself', async () => {
    const { id: buyerId } = await fx.user();
    const listingId = await fx.listStay(seller.id);
    const now = fx.clock();
    const { reservation_id } = await fx.server.database.db
      .selectFrom('listings')
      .select('reservation_id')
      .where('id', '=', listingId)
      .executeTakeFirstOrThrow();
    const open = {
      listing_id: listingId,
      reservation_id,
      buyer_id: buyerId,
      seller_id: seller.id,
      amount_cents: 100,
      currency: 'USD',
      state: 'open' as const,
      hold_expires_at: now,
      created_at: now,
      updated_at: now,
    };
    await fx.server.database.db.insertInto('orders').values(open).execute();
    await expect(fx.server.database.db.insertInto('orders').values(open).execute()).rejects.toThrow(
      /orders_one_open_per_listing/,
    );
    await fx.server.database.db
      .insertInto('orders')
      .values({ ...open, state: 'expired' })
      .execute();
  });

  it('refuses to hold a stay whose check-in has passed (409 check_in_passed) and expires its listing', async () => {
    const buyer = await fx.user();
    // Check-in an hour ago: the listing expiry job has not reached it yet.
    const listingId = await fx.listStay(seller.id, { daysAhead: -1 / 24 });
    const { status, body } = await checkout(listingId, buyer.auth);
    expect(status).toBe(409);
    expect(body).toEqual({
      success: false,
      code: 'CONFLICT',
      error: 'Check-in for this stay has already passed at the hotel, so it can no longer be bought.',
      details: { reason: 'check_in_passed', status: 'expired' },
    });
    expect((await listingRow(listingId)).status).toBe('expired');
    expect(await ordersOf(listingId)).toEqual([]);
  });

  it('lets 20 buyers race for one stay: exactly one holds it, the others are told it is held', async () => {
    const listingId = await fx.listStay(seller.id);
    const buyers = await Promise.all(Array.from({ length: 20 }, () => fx.user()));
    const replies = await Promise.all(buyers.map((buyer) => checkout(listingId, buyer.auth)));
    const statuses = replies.map((reply) => reply.status).sort();
    expect(statuses).toEqual([200, ...Array<number>(19).fill(409)]);
    for (const reply of replies.filter((r) => r.status === 409)) expect(reply.body.details.reason).toBe('held');
    const orders = await ordersOf(listingId);
    expect(orders).toHaveLength(1);
    expect(orders[0]!.state).toBe('open');
    expect((await listingRow(listingId)).status).toBe('reserved');
  });

  it('answers one buyer pressing Book Now twice at once with the same session twice, never a 409', async () => {
    const buyer = await fx.user();
    const listingId = await fx.listStay(seller.id);
    // While the first press waits on the provider, the second finds the stay held by its own buyer.
    fx.payments.createDelayMs = 300;
    try {
      const replies = await Promise.all([checkout(listingId, buyer.auth), checkout(listingId, buyer.auth)]);
      expect(replies.map((reply) => reply.status)).toEqual([200, 200]);
      expect(replies[1]!.body.data).toEqual(replies[0]!.body.data);
    } finally {
      fx.payments.createDelayMs = 0;
    }
    expect(await ordersOf(listingId)).toHaveLength(1);
  });

  it('fails the second press the same way when the first could not open the session, and frees the stay', async () => {
    const buyer = await fx.user();
    const listingId = await fx.listStay(seller.id);
    fx.payments.createDelayMs = 300;
    fx.payments.failNext('create', new Error('provider down'));
    try {
      const replies = await Promise.all([checkout(listingId, buyer.auth), checkout(listingId, buyer.auth)]);
      expect(replies.map((reply) => reply.status)).toEqual([502, 502]);
      for (const reply of replies) expect(reply.body.code).toBe('UPSTREAM_ERROR');
    } finally {
      fx.payments.createDelayMs = 0;
    }
    expect((await listingRow(listingId)).status).toBe('active');
  });
});
