import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../server/http/errors.ts';
import type { CreateCheckoutInput, PaymentEvent, WebhookEndpoint } from '../../server/payments/stripe/payments.ts';
import { STANDIN_RATES_PER_EUR } from '../../server/standins/stripe/balance.ts';
import { checkoutStandIn } from '../../server/standins/stripe/checkout-standin.ts';
import { createStripePayments } from '../../server/payments/stripe/stripe-payments.ts';
import { randomLocalSecrets } from '../../server/local-secrets.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

const {
  stripeSecretKey: SECRET_KEY,
  stripeWebhookSecret: WEBHOOK_SECRET,
  stripeConnectWebhookSecret: CONNECT_WEBHOOK_SECRET,
} = randomLocalSecrets();
const START = new Date('2031-03-01T10:00:00Z');
const MINUTE = 60_000;

let now = START;
const clock = () => now;

/**
 * The API's two webhook endpoints' stand-in: verifies each delivery with the real adapter, with the secret of the
 * endpoint it came to, and can be told to fail.
 */
const received: { event: PaymentEvent; body: any; endpoint: WebhookEndpoint }[] = [];
const receiverAnswers: number[] = [];
const receiver = express();
const ENDPOINTS = { platform: '/api/payment/webhook', connect: '/api/payment/connect-webhook' } as const;
for (const [endpoint, path] of Object.entries(ENDPOINTS) as [WebhookEndpoint, string][]) {
  receiver.post(path, express.raw({ type: 'application/json' }), (req, res) => {
    const status = receiverAnswers.shift() ?? 200;
    if (status === 200) {
      const event = payments.parseWebhook(req.body as Buffer, req.get('stripe-signature'), endpoint);
      received.push({ event, body: JSON.parse(String(req.body)), endpoint });
    }
    res.status(status).json({ received: status === 200 });
  });
}

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let server: Server;
let origin = '';
let standIn: ReturnType<typeof checkoutStandIn>;
let payments: ReturnType<typeof createStripePayments>;

beforeAll(async () => {
  database = await createTestDatabase();
  standIn = checkoutStandIn({
    db: database.db,
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    webhookUrl: () => `${origin}${ENDPOINTS.platform}`,
    connectWebhookSecret: CONNECT_WEBHOOK_SECRET,
    connectWebhookUrl: () => `${origin}${ENDPOINTS.connect}`,
    clock,
    logger: pino({ level: 'silent' }),
    settlementCurrency: 'EUR',
  });
  const app = express();
  // As in the API: JSON is parsed globally, the stand-in parses Stripe's form bodies itself.
  app.use(receiver);
  app.use(express.json());
  app.use('/v1', standIn.apiRouter);
  app.use('/test-checkout', standIn.pageRouter);
  server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  payments = createStripePayments({
    mode: 'local',
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    connectWebhookSecret: CONNECT_WEBHOOK_SECRET,
    api: () => ({ host: '127.0.0.1', port, protocol: 'http' }),
  });
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await database.dispose();
});
beforeEach(() => {
  now = START;
  received.length = 0;
  receiverAnswers.length = 0;
});

let orders = 0;
function checkoutInput(overrides: Partial<CreateCheckoutInput> = {}): CreateCheckoutInput {
  orders += 1;
  return {
    orderId: `order-${orders}`,
    listingId: `listing-${orders}`,
    buyerId: 'buyer-1',
    buyerEmail: 'buyer@example.com',
    amountCents: 25000,
    currency: 'USD',
    productName: 'Reservation for Sea View Suite',
    productDescription: 'Check-in 2031-04-01, check-out 2031-04-04',
    successUrl: 'http://localhost:5173/payment/success?session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: 'http://localhost:5173/payment/cancel',
    expiresAt: new Date(now.getTime() + 30 * MINUTE),
    ...overrides,
  };
}

/** Where the onboarding page sends a seller back to, as My Listings asks. */
const URLS = {
  refreshUrl: 'http://localhost:5173/my-listings?payouts=refresh',
  returnUrl: 'http://localhost:5173/my-listings?payouts=return',
};

const GOOD_CARD = { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Ada Buyer' };

function pay(sessionId: string, card: Partial<typeof GOOD_CARD> = {}) {
  return fetch(`${origin}/test-checkout/${sessionId}/pay`, {
    method: 'POST',
    body: new URLSearchParams({ ...GOOD_CARD, ...card }),
    redirect: 'manual',
  });
}

const eventsOf = (sessionId: string) =>
  database.db
    .selectFrom('stripe_standin_events')
    .selectAll()
    .where('payload', 'like', `%"id": "${sessionId}"%`)
    .execute();

/** `major` units of `currency` in euro cents at the stand-in's rate: the site's own reference rate. */
const inEuroCents = (major: number, currency: string) => Math.round((major / STANDIN_RATES_PER_EUR[currency]!) * 100);

describe('checkout stand-in with the real Stripe client', () => {
  it('takes a test card payment, redirects to the success URL and delivers a signed completed event', async () => {
    const session = await payments.createCheckoutSession(checkoutInput());
    expect(session).toMatchObject({
      status: 'open',
      paymentStatus: 'unpaid',
      amountTotalCents: 25000,
      currency: 'USD',
    });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${origin}/test-checkout/${session.id}`);

    const page = await fetch(session.url ?? '');
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self' http://localhost:5173");
    for (const text of [
      'Reservation for Sea View Suite',
      'Check-in 2031-04-01, check-out 2031-04-04',
      '<label for="number">Card number</label>',
      '<label for="expiry">Expiry (MM / YY)</label>',
      '<label for="cvc">CVC</label>',
      '<label for="name">Cardholder name</label>',
      'Pay $250.00</button>',
      'href="http://localhost:5173/payment/cancel"',
    ]) {
      expect(html).toContain(text);
    }

    const paid = await pay(session.id);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://localhost:5173/payment/success?session_id=${session.id}`);

    const after = await payments.retrieveCheckoutSession(session.id);
    expect(after).toMatchObject({ status: 'complete', paymentStatus: 'paid', url: null });
    expect(after.paymentIntentId).toMatch(/^pi_test_/);
    // Retrieved with its charge expanded, it says when the buyer paid: the stand-in's clock at the payment.
    now = new Date(START.getTime() + 5 * MINUTE);
    expect((await payments.retrieveCheckoutSession(session.id)).paidAt).toEqual(START);

    expect(received).toHaveLength(1);
    const [{ event, body }] = received as [(typeof received)[number]];
    expect(event).toMatchObject({ type: 'checkout.session.completed', created: START });
    expect(event.session).toMatchObject({
      id: session.id,
      paymentStatus: 'paid',
      clientReferenceId: after.clientReferenceId,
      metadata: { orderId: after.metadata.orderId, listingId: after.metadata.listingId, buyerId: 'buyer-1' },
    });
    expect(body).toMatchObject({
      object: 'event',
      api_version: '2026-10-28.endive',
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: { object: 'checkout.session', amount_total: 25000, currency: 'usd' } },
    });
    expect(body.id).toMatch(/^evt_/);

    const again = await fetch(session.url ?? '');
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('This payment is complete');
  });

  it.each([
    ['4000 0000 0000 0002', {}, 'Your card was declined.'],
    ['4000 0000 0000 9995', {}, 'Your card has insufficient funds.'],
    ['4242 4242 4242 4241', {}, 'Your card number is invalid.'],
    ['4242 4242 4242 4242', { expiry: '01 / 30' }, 'Your card&#39;s expiration year is in the past.'],
    ['4242 4242 4242 4242', { cvc: '12' }, 'Your card&#39;s security code is incomplete.'],
    ['4000 0000 0000 0127', {}, 'Your card&#39;s security code is incorrect.'],
  ])('refuses card %s %o with its message and leaves the session open and unpaid', async (number, extra, message) => {
    const session = await payments.createCheckoutSession(checkoutInput());
    const refused = await pay(session.id, { number, ...extra });
    expect(refused.status).toBe(402);
    const html = await refused.text();
    expect(html).toContain(`role="alert">${message}</p>`);
    expect(html).toContain('aria-invalid="true"');
    expect(await payments.retrieveCheckoutSession(session.id)).toMatchObject({
      status: 'open',
      paymentStatus: 'unpaid',
    });
    expect(await eventsOf(session.id)).toHaveLength(0);
  });

  it('charges the hotel’s name-change fee as a second line of the same session, the total their sum', async () => {
    const session = await payments.createCheckoutSession(
      checkoutInput({ hotelFee: { amountCents: 2_550, name: 'Name-change fee, paid to Hotel Tejo' } }),
    );
    expect(session.amountTotalCents).toBe(27_550);
    const html = await (await fetch(session.url ?? '')).text();
    for (const text of [
      'Reservation for Sea View Suite',
      'Name-change fee, paid to Hotel Tejo',
      'Pay $275.50</button>',
    ])
      expect(html).toContain(text);
    const paid = await pay(session.id);
    expect(paid.status).toBe(303);
    const payment = await payments.retrievePayment(
      (await payments.retrieveCheckoutSession(session.id)).paymentIntentId!,
    );
    expect(payment.amountReceivedCents).toBe(27_550);
  });

  it('returns the same session for the same order, and refuses the key with other parameters', async () => {
    const input = checkoutInput();
    const first = await payments.createCheckoutSession(input);
    const second = await payments.createCheckoutSession(input);
    expect(second.id).toBe(first.id);
    const rows = await database.db
      .selectFrom('stripe_standin_sessions')
      .select('id')
      .where('client_reference_id', '=', input.orderId)
      .execute();
    expect(rows).toHaveLength(1);
    await expect(payments.createCheckoutSession({ ...input, amountCents: 100 })).rejects.toThrow(
      /can only be used with the same parameters/,
    );
  });

  it('returns a session paid before it could be expired, with when it was paid', async () => {
    const session = await payments.createCheckoutSession(checkoutInput());
    now = new Date(START.getTime() + 7_000);
    expect((await pay(session.id)).status).toBe(303);
    now = new Date(START.getTime() + 9 * MINUTE);
    expect(await payments.expireCheckoutSession(session.id)).toMatchObject({
      status: 'complete',
      paymentStatus: 'paid',
      paidAt: new Date(START.getTime() + 7_000),
    });
    await vi.waitFor(() => expect(received.some((r) => r.event.session?.id === session.id)).toBe(true));
    const completed = received.find((r) => r.event.session?.id === session.id);
    expect(completed?.event).toMatchObject({
      type: 'checkout.session.completed',
      created: new Date(START.getTime() + 7_000),
    });
  });

  it('expires an open session once, tells the webhook, and shows the expired page', async () => {
    const session = await payments.createCheckoutSession(checkoutInput());
    expect(await payments.expireCheckoutSession(session.id)).toMatchObject({ status: 'expired', url: null });
    // Expiring again is not an error: the session comes back as it is.
    expect(await payments.expireCheckoutSession(session.id)).toMatchObject({ status: 'expired' });
    await vi.waitFor(() => expect(received.map((r) => r.event.type)).toEqual(['checkout.session.expired']));
    expect(await eventsOf(session.id)).toHaveLength(1);

    const page = await fetch(`${origin}/test-checkout/${session.id}`);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain('This checkout has expired');
    expect((await pay(session.id)).status).toBe(410);
  });

  it('expires a session whose time is up, with one event, whether or not anyone reads it', async () => {
    const read = await payments.createCheckoutSession(checkoutInput());
    const unread = await payments.createCheckoutSession(checkoutInput());
    now = new Date(START.getTime() + 31 * MINUTE);
    expect(await payments.retrieveCheckoutSession(read.id)).toMatchObject({ status: 'expired' });
    expect(await payments.retrieveCheckoutSession(read.id)).toMatchObject({ status: 'expired' });
    // Sessions left open by earlier tests in this file expire at the same moment.
    expect(await standIn.deliverDueEvents()).toBeGreaterThanOrEqual(2);
    const mine = received.filter((r) => [read.id, unread.id].includes(r.event.session?.id ?? ''));
    expect(mine.map((r) => r.event.session?.id).sort()).toEqual([read.id, unread.id].sort());
    expect(mine.every((r) => r.event.type === 'checkout.session.expired')).toBe(true);
    expect(await eventsOf(read.id)).toHaveLength(1);
    expect(await standIn.deliverDueEvents()).toBe(0);
  });

  it('refunds a payment once: the same order replays the refund, another refund is refused', async () => {
    const input = checkoutInput();
    const session = await payments.createCheckoutSession(input);
    await pay(session.id);
    const paymentIntentId = (await payments.retrieveCheckoutSession(session.id)).paymentIntentId ?? '';
    const refund = await payments.refund({ paymentIntentId, orderId: input.orderId, reason: 'transfer_failed' });
    expect(refund.id).toMatch(/^re_test_/);
    expect(refund.status).toBe('succeeded');
    expect(await payments.refund({ paymentIntentId, orderId: input.orderId, reason: 'transfer_failed' })).toEqual(
      refund,
    );
    const failure = await payments
      .refund({ paymentIntentId, orderId: 'another-order', reason: 'operator' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ code: 'CONFLICT', details: { providerCode: 'charge_already_refunded' } });
    await expect(
      payments.refund({ paymentIntentId: 'pi_test_unknown', orderId: 'order-x', reason: 'transfer_failed' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('tells the provider a refund’s true reason: never `duplicate`, Restay’s own reason in the metadata', async () => {
    const sent = async (reason: 'operator' | 'cancelled_by_hotel') => {
      const input = checkoutInput();
      const session = await payments.createCheckoutSession(input);
      await pay(session.id);
      const paymentIntentId = (await payments.retrieveCheckoutSession(session.id)).paymentIntentId ?? '';
      await payments.refund({ paymentIntentId, orderId: input.orderId, reason });
      const row = await database.db
        .selectFrom('stripe_standin_refunds')
        .select(['reason', 'metadata'])
        .where('payment_intent', '=', paymentIntentId)
        .executeTakeFirstOrThrow();
      return { reason: row.reason, metadata: row.metadata, orderId: input.orderId };
    };
    const byOperator = await sent('operator');
    expect(byOperator.reason).toBe('requested_by_customer');
    expect(byOperator.metadata).toEqual({ orderId: byOperator.orderId, reason: 'operator' });
    const byHotel = await sent('cancelled_by_hotel');
    expect(byHotel.reason).toBeNull();
    expect(byHotel.metadata).toEqual({ orderId: byHotel.orderId, reason: 'cancelled_by_hotel' });
  });

  it('sends a signed charge.refunded for a refund made through its API, and lists the refund and the charge', async () => {
    const input = checkoutInput();
    const session = await payments.createCheckoutSession(input);
    await pay(session.id);
    const paymentIntentId = (await payments.retrieveCheckoutSession(session.id)).paymentIntentId ?? '';
    const chargeId = paymentIntentId.replace(/^pi_/, 'ch_');
    expect(await payments.retrievePayment(paymentIntentId)).toEqual({
      paymentIntentId,
      chargeId,
      amountReceivedCents: 25000,
      currency: 'USD',
      // 250.00 USD at the site's reference rate, booked in the platform's EUR.
      balance: expect.objectContaining({ currency: 'EUR', amountCents: inEuroCents(250, 'usd') }),
    });
    received.length = 0;
    const refund = await payments.refund({ paymentIntentId, orderId: input.orderId, reason: 'transfer_failed' });
    expect(refund).toMatchObject({
      paymentIntentId,
      chargeId,
      amountCents: 25000,
      currency: 'USD',
      status: 'succeeded',
    });
    await vi.waitFor(() => expect(received.map((r) => r.event.type)).toEqual(['charge.refunded']));
    const [delivery] = received;
    expect(delivery!.event.charge).toEqual({
      id: chargeId,
      paymentIntentId,
      amountCents: 25000,
      amountRefundedCents: 25000,
      currency: 'USD',
      refunded: true,
      metadata: { orderId: input.orderId, listingId: input.listingId, buyerId: input.buyerId },
    });
    // Stripe's wire shape: the charge says how much is refunded, not which refunds (API 2022-11-15 and later).
    expect(delivery!.body.data.object).not.toHaveProperty('refunds');
    expect(await payments.listRefunds(paymentIntentId)).toEqual([refund]);
    // A replay of the same request is answered from the idempotency key and sends no second event.
    await payments.refund({ paymentIntentId, orderId: input.orderId, reason: 'transfer_failed' });
    expect(await standIn.deliverDueEvents()).toBe(0);
    expect(received).toHaveLength(1);
  });

  it('refunds a payment by hand from the test dashboard, like Stripe’s dashboard', async () => {
    const input = checkoutInput();
    const session = await payments.createCheckoutSession(input);
    await pay(session.id);
    const paymentIntentId = (await payments.retrieveCheckoutSession(session.id)).paymentIntentId ?? '';
    const dashboard = await fetch(`${origin}/test-checkout/dashboard`);
    expect(dashboard.status).toBe(200);
    const html = await dashboard.text();
    expect(html).toContain(`action="/test-checkout/dashboard/payments/${paymentIntentId}/refund"`);
    expect(html).toContain('$250.00');

    const form = html.slice(html.indexOf(`/payments/${paymentIntentId}/refund`));
    const formToken = /name="form_token" value="([^"]+)"/.exec(form)?.[1];
    expect(formToken).toBeTruthy();
    const refundPath = `${origin}/test-checkout/dashboard/payments/${paymentIntentId}/refund`;
    // A page elsewhere can post the form but cannot read the dashboard for its token: refused, refunding nothing.
    for (const body of [undefined, new URLSearchParams({ form_token: 'forged' })]) {
      const foreign = await fetch(refundPath, {
        method: 'POST',
        headers: { Origin: 'https://elsewhere.example' },
        body,
        redirect: 'manual',
      });
      expect(foreign.status).toBe(403);
    }
    expect(await payments.listRefunds(paymentIntentId)).toEqual([]);

    received.length = 0;
    // The dashboard's own form, as Chromium posts it from a no-referrer page: `Origin: null`, with its token.
    const refunded = await fetch(refundPath, {
      method: 'POST',
      headers: { Origin: 'null' },
      body: new URLSearchParams({ form_token: formToken! }),
      redirect: 'manual',
    });
    expect(refunded.status).toBe(303);
    const [made] = await payments.listRefunds(paymentIntentId);
    expect(refunded.headers.get('location')).toBe(`/test-checkout/dashboard?refunded=${made!.id}`);
    expect(received.map((r) => [r.event.type, r.event.charge?.paymentIntentId, r.event.charge?.refunded])).toEqual([
      ['charge.refunded', paymentIntentId, true],
    ]);
    // The product's own refund later finds the payment already refunded.
    await expect(
      payments.refund({ paymentIntentId, orderId: input.orderId, reason: 'transfer_failed' }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    const again = await fetch(refundPath, { method: 'POST', body: new URLSearchParams({ form_token: formToken! }) });
    expect(again.status).toBe(409);
  });

  it('retries a delivery the receiver refused, after the backoff', async () => {
    receiverAnswers.push(500);
    const session = await payments.createCheckoutSession(checkoutInput());
    const paid = await pay(session.id);
    expect(paid.status).toBe(303);
    expect(received).toHaveLength(0);
    expect(await standIn.deliverDueEvents()).toBe(0);

    now = new Date(START.getTime() + 1_500);
    expect(await standIn.deliverDueEvents()).toBe(1);
    expect(received.map((r) => r.event.session?.id)).toEqual([session.id]);
    const [row] = await eventsOf(session.id);
    expect(row).toMatchObject({ attempts: 2, next_attempt_at: null, last_error: null });
    expect(row?.delivered_at).toEqual(now);
  });

  it('keeps retrying in the background once started', async () => {
    receiverAnswers.push(500);
    const session = await payments.createCheckoutSession(checkoutInput());
    await pay(session.id);
    now = new Date(START.getTime() + 2_000);
    const stop = standIn.start();
    try {
      await vi.waitFor(() => expect(received.map((r) => r.event.session?.id)).toEqual([session.id]), {
        timeout: 5_000,
      });
    } finally {
      stop();
    }
  });

  it('sends each due event once when several senders run at the same time', async () => {
    receiverAnswers.push(500, 500, 500);
    const sessions = await Promise.all([1, 2, 3].map(() => payments.createCheckoutSession(checkoutInput())));
    for (const session of sessions) await pay(session.id);
    expect(received).toHaveLength(0);
    now = new Date(START.getTime() + 2_000);
    const delivered = await Promise.all([standIn.deliverDueEvents(), standIn.deliverDueEvents()]);
    expect(delivered[0] + delivered[1]).toBe(3);
    expect(received.map((r) => r.event.session?.id).sort()).toEqual(sessions.map((s) => s.id).sort());
  });
});

describe('checkout stand-in wire rules', () => {
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${origin}/v1${path}`, {
      ...init,
      headers: { Authorization: `Bearer ${SECRET_KEY}`, ...init.headers },
    });

  it('refuses a wrong or missing secret key with Stripe’s 401', async () => {
    const wrong = createStripePayments({
      mode: 'local',
      secretKey: 'sk_test_wrong_key',
      webhookSecret: WEBHOOK_SECRET,
      connectWebhookSecret: CONNECT_WEBHOOK_SECRET,
      api: () => ({ host: '127.0.0.1', port: Number(new URL(origin).port), protocol: 'http' }),
    });
    await expect(wrong.retrieveCheckoutSession('cs_test_x')).rejects.toThrow(/Invalid API Key provided/);
    const missing = await fetch(`${origin}/v1/checkout/sessions/cs_test_x`);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
  });

  it('answers an unknown session with resource_missing', async () => {
    const response = await api('/checkout/sessions/cs_test_nope');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: "No such checkout.session: 'cs_test_nope'",
      },
    });
  });

  it('refuses unknown parameters and a session shorter than 30 minutes, naming the parameter', async () => {
    const form = (extra: Record<string, string>) =>
      new URLSearchParams({
        mode: 'payment',
        'line_items[0][quantity]': '1',
        'line_items[0][price_data][currency]': 'usd',
        'line_items[0][price_data][unit_amount]': '1000',
        'line_items[0][price_data][product_data][name]': 'Stay',
        success_url: 'http://localhost:5173/payment/success',
        ...extra,
      });
    const unknown = await api('/checkout/sessions', { method: 'POST', body: form({ payment_method_types: 'card' }) });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ error: { param: 'payment_method_types' } });
    const short = await api('/checkout/sessions', {
      method: 'POST',
      body: form({ expires_at: String(START.getTime() / 1000 + 10 * 60) }),
    });
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ error: { param: 'expires_at' } });
    const missing = await api('/checkout/sessions', { method: 'POST', body: form({ success_url: '' }) });
    expect((await missing.json()).error.param).toBe('success_url');
  });

  it('answers a hostile pay or onboarding form with the page’s own error, never a server error', async () => {
    const session = await payments.createCheckoutSession(checkoutInput());
    const hostile = [
      JSON.stringify({ number: ['4242 4242 4242 4242'], expiry: { $1: 1 }, cvc: null, name: ['Ada'] }),
      JSON.stringify(['number', '4242 4242 4242 4242']),
      JSON.stringify({ ...GOOD_CARD, number: 4242424242424242, constructor: ['x'] }),
    ];
    for (const body of hostile) {
      const reply = await fetch(`${origin}/test-checkout/${session.id}/pay`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
        redirect: 'manual',
      });
      expect(reply.status).toBe(402);
      expect(await reply.text()).toContain('Your card number is invalid.');
    }
    // An overlong but otherwise good form is read as the page's fields allow, as a browser would send it.
    const long = await pay(session.id, { name: `Ada ${'B'.repeat(5_000)}` });
    expect(long.status).toBe(303);

    const account = await payments.createPayoutAccount({ sellerId: 'seller-hostile', email: null });
    const link = await payments.createOnboardingLink({ accountId: account.id, ...URLS });
    const onboarding = await fetch(link, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: ['Sam Seller'] }),
    });
    expect(onboarding.status).toBe(400);
    expect(await onboarding.text()).toContain('Enter the name on the account.');
  });

  it('shows a clear page for an unknown checkout link', async () => {
    const page = await fetch(`${origin}/test-checkout/cs_test_nope`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('Checkout not found');
  });
});

describe('checkout stand-in’s Connect subset with the real Stripe client', () => {
  async function paidCharge(amountCents = 25000, currency = 'EUR') {
    const input = checkoutInput({ amountCents, currency });
    const session = await payments.createCheckoutSession(input);
    await pay(session.id);
    const paid = await payments.retrievePayment((await payments.retrieveCheckoutSession(session.id)).paymentIntentId!);
    return { ...paid, orderId: input.orderId };
  }

  it('creates one account per seller, onboards it on the local page, and reports it ready by a signed account.updated', async () => {
    const account = await payments.createPayoutAccount({ sellerId: 'seller-1', email: 'sam@example.com' });
    expect(account).toEqual({ id: expect.stringMatching(/^acct_/), transfersActive: false, detailsSubmitted: false });
    expect(await payments.createPayoutAccount({ sellerId: 'seller-1', email: 'sam@example.com' })).toEqual(account);

    const url = await payments.createOnboardingLink({ accountId: account.id, ...URLS });
    expect(url).toMatch(new RegExp(`^${origin}/test-checkout/connect/acctlink_`));
    const form = await fetch(url);
    const html = await form.text();
    expect(form.status).toBe(200);
    expect(html).toContain('<label for="name">Name on the account</label>');
    expect((await fetch(url, { method: 'POST', body: new URLSearchParams({ name: '' }) })).status).toBe(400);

    const submitted = await fetch(url, {
      method: 'POST',
      body: new URLSearchParams({ name: 'Sam Seller' }),
      redirect: 'manual',
    });
    expect(submitted.status).toBe(303);
    expect(submitted.headers.get('location')).toBe(URLS.returnUrl);
    expect(await payments.retrievePayoutAccount(account.id)).toEqual({
      ...account,
      transfersActive: true,
      detailsSubmitted: true,
    });
    const updated = received.find((delivery) => delivery.event.type === 'account.updated');
    expect(updated?.event.account).toEqual({ id: account.id, transfersActive: true, detailsSubmitted: true });
    expect(updated?.body.account).toBe(account.id);
    // A connected account's event goes to the Connect endpoint, signed with its secret (the receiver verified it).
    expect(updated?.endpoint).toBe('connect');
    expect(received.filter((d) => d.endpoint === 'connect').every((d) => d.event.type === 'account.updated')).toBe(
      true,
    );

    // A link works once: used again, it sends the seller to the refresh URL for a new one.
    const reused = await fetch(url, { redirect: 'manual' });
    expect(reused.status).toBe(303);
    expect(reused.headers.get('location')).toBe(URLS.refreshUrl);
  });

  it('expires an onboarding link after five minutes', async () => {
    const account = await payments.createPayoutAccount({ sellerId: 'seller-late', email: null });
    const url = await payments.createOnboardingLink({ accountId: account.id, ...URLS });
    now = new Date(START.getTime() + 5 * MINUTE);
    const late = await fetch(url, { redirect: 'manual' });
    expect(late.headers.get('location')).toBe(URLS.refreshUrl);
  });

  it('refuses a transfer to an account not ready, pays one from the charge, lists it and reverses it once', async () => {
    const charge = await paidCharge();
    const account = await payments.createPayoutAccount({ sellerId: 'seller-2', email: null });
    const transfer = {
      orderId: charge.orderId,
      accountId: account.id,
      amountCents: 24000,
      currency: 'EUR',
      sourceChargeId: charge.chargeId!,
    };
    await expect(payments.createTransfer(transfer)).rejects.toMatchObject({
      code: 'CONFLICT',
      details: { reason: 'account_not_ready', providerCode: 'insufficient_capabilities_for_transfer' },
    });

    const url = await payments.createOnboardingLink({ accountId: account.id, ...URLS });
    await fetch(url, { method: 'POST', body: new URLSearchParams({ name: 'Sam Seller' }), redirect: 'manual' });
    const made = await payments.createTransfer({ ...transfer, orderId: `${charge.orderId}-retry` });
    expect(made).toMatchObject({
      destination: account.id,
      amountCents: 24000,
      amountReversedCents: 0,
      currency: 'EUR',
      sourceChargeId: charge.chargeId,
      transferGroup: `${charge.orderId}-retry`,
    });
    expect(await payments.listTransfers(`${charge.orderId}-retry`)).toEqual([made]);

    // More than is left of the charge is refused.
    await expect(
      payments.createTransfer({ ...transfer, orderId: `${charge.orderId}-more`, amountCents: 2000 }),
    ).rejects.toMatchObject({ code: 'CONFLICT', details: { reason: 'balance_insufficient' } });

    const reversal = await payments.reverseTransfer({ transferId: made.id, orderId: `${charge.orderId}-retry` });
    expect(reversal).toMatchObject({ transferId: made.id, amountCents: 24000, currency: 'EUR' });
    expect((await payments.listTransfers(`${charge.orderId}-retry`))[0]).toMatchObject({ amountReversedCents: 24000 });
    await expect(
      payments.reverseTransfer({ transferId: made.id, orderId: `${charge.orderId}-again` }),
    ).rejects.toMatchObject({ code: 'CONFLICT', details: { reason: 'reversal_refused' } });
  });

  it('books a charge in another currency in the platform’s (EUR) at the site’s own reference rate, less the EEA card fee', async () => {
    // 10,000.00 CZK at the rate a page's estimate uses (the shipped ECB copy's); the fee is 1.5% of it plus 0.25 EUR.
    const czk = await paidCharge(1_000_000, 'CZK');
    expect(czk).toMatchObject({ amountReceivedCents: 1_000_000, currency: 'CZK' });
    const czkEuros = inEuroCents(10_000, 'czk');
    expect(czk.balance).toEqual({
      id: expect.stringMatching(/^txn_/),
      currency: 'EUR',
      amountCents: czkEuros,
      feeCents: Math.round(czkEuros * 0.015) + 25,
      exchangeRate: Number((1 / STANDIN_RATES_PER_EUR.czk!).toFixed(6)),
    });
    // JPY has no minor unit: 50,000 yen is 50000 at Stripe.
    const jpy = await paidCharge(5_000_000, 'JPY');
    const jpyEuros = inEuroCents(50_000, 'jpy');
    expect(jpy.balance).toMatchObject({
      currency: 'EUR',
      amountCents: jpyEuros,
      feeCents: Math.round(jpyEuros * 0.015) + 25,
    });
    // In the settlement currency itself nothing is converted.
    const eur = await paidCharge(20_000, 'EUR');
    expect(eur.balance).toMatchObject({ currency: 'EUR', amountCents: 20_000, feeCents: 325, exchangeRate: null });
  });

  it('refuses a transfer in the charge’s currency when the charge settled in another, as Stripe does', async () => {
    const charge = await paidCharge(1_000_000, 'CZK');
    const account = await payments.createPayoutAccount({ sellerId: 'seller-czk', email: null });
    const url = await payments.createOnboardingLink({ accountId: account.id, ...URLS });
    await fetch(url, { method: 'POST', body: new URLSearchParams({ name: 'Sam Seller' }), redirect: 'manual' });
    const transfer = { orderId: charge.orderId, accountId: account.id, sourceChargeId: charge.chargeId! };

    const refused = await payments
      .createTransfer({ ...transfer, amountCents: 900_000, currency: 'CZK' })
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      param: 'currency',
      message:
        "The currency of source_transaction's balance transaction (eur) must be the same as the transfer currency (czk).",
    });
    expect(await payments.listTransfers(charge.orderId)).toEqual([]);

    // In EUR it is paid, up to what the charge was booked at.
    await expect(
      payments.createTransfer({
        ...transfer,
        orderId: `${charge.orderId}-too-much`,
        amountCents: inEuroCents(10_000, 'czk') + 1,
        currency: 'EUR',
      }),
    ).rejects.toMatchObject({ details: { reason: 'balance_insufficient' } });
    const made = await payments.createTransfer({ ...transfer, amountCents: 36_000, currency: 'EUR' });
    expect(made).toMatchObject({ amountCents: 36_000, currency: 'EUR', sourceChargeId: charge.chargeId });
  });

  it('books a refund in the settlement currency and keeps the card fee', async () => {
    const charge = await paidCharge(1_000_000, 'CZK');
    const refund = await payments.refund({
      paymentIntentId: charge.paymentIntentId,
      orderId: charge.orderId,
      reason: 'operator',
    });
    expect(refund).toMatchObject({
      amountCents: 1_000_000,
      currency: 'CZK',
      settled: { amountCents: inEuroCents(10_000, 'czk'), currency: 'EUR' },
    });
    expect(await payments.listRefunds(charge.paymentIntentId)).toEqual([refund]);
  });

  it('refuses a checkout in a currency it has no test rate for', async () => {
    await expect(payments.createCheckoutSession(checkoutInput({ currency: 'XYZ' }))).rejects.toMatchObject({
      param: 'currency',
      message: 'Invalid currency: xyz.',
    });
  });
});
