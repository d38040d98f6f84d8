import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../server/http/errors.ts';
import type { CreateCheckoutInput } from '../../server/payments/stripe/payments.ts';
import { createStripePayments } from '../../server/payments/stripe/stripe-payments.ts';
import { STRIPE_API_VERSION } from '../../server/payments/stripe/stripe-wire.ts';

const API = 'https://api.stripe.com/v1';
const SECRET_KEY = 'sk_test_adapter';
const WEBHOOK_SECRET = 'whsec_adapter_test';
const EXPIRES_AT = new Date('2031-03-01T10:30:00Z');

/** A Refund as Stripe documents it (POST /v1/refunds, and each item of GET /v1/refunds). */
function stripeRefund(overrides: Record<string, unknown> = {}) {
  return {
    id: 're_3abc',
    object: 'refund',
    amount: 25000,
    balance_transaction: 'txn_3abc',
    charge: 'ch_3abc',
    created: 1930037600,
    currency: 'usd',
    metadata: { orderId: 'order-1' },
    payment_intent: 'pi_3abc',
    reason: 'duplicate',
    status: 'succeeded',
    ...overrides,
  };
}

/**
 * A charge's balance transaction as Stripe documents it (expanded): 250.00 USD booked as 231.48 EUR in a EUR
 * platform's balance, less the EEA card fee.
 */
function stripeBalanceTransaction() {
  return {
    id: 'txn_3abc',
    object: 'balance_transaction',
    amount: 23148,
    available_on: 1930037600,
    created: 1930037600,
    currency: 'eur',
    description: null,
    exchange_rate: 0.925926,
    fee: 372,
    fee_details: [
      { amount: 372, application: null, currency: 'eur', description: 'Stripe processing fees', type: 'stripe_fee' },
    ],
    net: 22776,
    reporting_category: 'charge',
    source: 'ch_3abc',
    status: 'available',
    type: 'charge',
  };
}

/** A Checkout Session as Stripe documents it (GET /v1/checkout/sessions/:id), trimmed to the fields that matter. */
function stripeSession(overrides: Record<string, unknown> = {}) {
  return {
    id: 'cs_test_a1b2c3',
    object: 'checkout.session',
    amount_subtotal: 25000,
    amount_total: 25000,
    cancel_url: 'https://restay.example/payment/cancel',
    client_reference_id: 'order-1',
    created: 1930037400,
    currency: 'usd',
    customer_email: 'buyer@example.com',
    expires_at: EXPIRES_AT.getTime() / 1000,
    livemode: false,
    metadata: { orderId: 'order-1', listingId: 'listing-1', buyerId: 'buyer-1' },
    mode: 'payment',
    payment_intent: null,
    payment_status: 'unpaid',
    status: 'open',
    success_url: 'https://restay.example/payment/success?session_id={CHECKOUT_SESSION_ID}',
    url: 'https://checkout.stripe.com/c/pay/cs_test_a1b2c3',
    ...overrides,
  };
}

const input: CreateCheckoutInput = {
  orderId: 'order-1',
  listingId: 'listing-1',
  buyerId: 'buyer-1',
  buyerEmail: 'buyer@example.com',
  amountCents: 25000,
  currency: 'USD',
  productName: 'Reservation for Sea View Suite',
  productDescription: 'Check-in 2031-04-01, check-out 2031-04-04',
  successUrl: 'https://restay.example/payment/success?session_id={CHECKOUT_SESSION_ID}',
  cancelUrl: 'https://restay.example/payment/cancel',
  expiresAt: EXPIRES_AT,
};

const stripeApi = setupServer();
beforeAll(() => stripeApi.listen({ onUnhandledRequest: 'error' }));
afterEach(() => stripeApi.resetHandlers());
afterAll(() => stripeApi.close());

const CONNECT_WEBHOOK_SECRET = 'whsec_connect_endpoint';
const payments = () =>
  createStripePayments({
    mode: 'stripe',
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    connectWebhookSecret: CONNECT_WEBHOOK_SECRET,
  });

describe('Stripe payments adapter', () => {
  it('creates a Checkout Session with the price, metadata and expiry of the order, under the order’s idempotency key', async () => {
    let sent: { form: URLSearchParams; headers: Headers } | undefined;
    stripeApi.use(
      http.post(`${API}/checkout/sessions`, async ({ request }) => {
        sent = { form: new URLSearchParams(await request.text()), headers: request.headers };
        return HttpResponse.json(stripeSession());
      }),
    );

    const session = await payments().createCheckoutSession(input);

    expect(sent?.headers.get('authorization')).toBe(`Bearer ${SECRET_KEY}`);
    expect(sent?.headers.get('idempotency-key')).toBe('checkout:order-1');
    expect(sent?.headers.get('stripe-version')).toBe(STRIPE_API_VERSION);
    expect(Object.fromEntries(sent?.form ?? [])).toEqual({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '25000',
      'line_items[0][price_data][product_data][name]': 'Reservation for Sea View Suite',
      'line_items[0][price_data][product_data][description]': 'Check-in 2031-04-01, check-out 2031-04-04',
      client_reference_id: 'order-1',
      'metadata[orderId]': 'order-1',
      'metadata[listingId]': 'listing-1',
      'metadata[buyerId]': 'buyer-1',
      'payment_intent_data[metadata][orderId]': 'order-1',
      'payment_intent_data[metadata][listingId]': 'listing-1',
      'payment_intent_data[metadata][buyerId]': 'buyer-1',
      expires_at: String(EXPIRES_AT.getTime() / 1000),
      customer_email: 'buyer@example.com',
      'allowed_payment_method_types[0]': 'card',
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
    });
    expect(session).toEqual({
      id: 'cs_test_a1b2c3',
      url: 'https://checkout.stripe.com/c/pay/cs_test_a1b2c3',
      status: 'open',
      paymentStatus: 'unpaid',
      amountTotalCents: 25000,
      currency: 'USD',
      expiresAt: EXPIRES_AT,
      clientReferenceId: 'order-1',
      metadata: { orderId: 'order-1', listingId: 'listing-1', buyerId: 'buyer-1' },
      paymentIntentId: null,
      paidAt: null,
    });
  });

  it('sends yen as whole yen (Restay keeps hundredths for every currency), reads them back, and leaves out a missing email', async () => {
    let form: URLSearchParams | undefined;
    stripeApi.use(
      http.post(`${API}/checkout/sessions`, async ({ request }) => {
        form = new URLSearchParams(await request.text());
        return HttpResponse.json(stripeSession({ currency: 'jpy', amount_total: 30000 }));
      }),
    );
    const session = await payments().createCheckoutSession({
      ...input,
      currency: 'JPY',
      amountCents: 3_000_000,
      buyerEmail: null,
    });
    expect(form?.get('line_items[0][price_data][unit_amount]')).toBe('30000');
    expect(session.amountTotalCents).toBe(3_000_000);
    expect(form?.get('line_items[0][price_data][currency]')).toBe('jpy');
    expect(form?.has('customer_email')).toBe(false);
  });

  it('sends three-decimal currencies in thousandths', async () => {
    let form: URLSearchParams | undefined;
    stripeApi.use(
      http.post(`${API}/checkout/sessions`, async ({ request }) => {
        form = new URLSearchParams(await request.text());
        return HttpResponse.json(stripeSession({ currency: 'kwd', amount_total: 12_340 }));
      }),
    );
    const session = await payments().createCheckoutSession({ ...input, currency: 'KWD', amountCents: 1_234 });
    expect(form?.get('line_items[0][price_data][unit_amount]')).toBe('12340');
    expect(session.amountTotalCents).toBe(1_234);
  });

  it('retrieves a paid session with its payment intent', async () => {
    stripeApi.use(
      http.get(`${API}/checkout/sessions/cs_test_a1b2c3`, () =>
        HttpResponse.json(
          stripeSession({ status: 'complete', payment_status: 'paid', payment_intent: 'pi_3abc', url: null }),
        ),
      ),
    );
    const session = await payments().retrieveCheckoutSession('cs_test_a1b2c3');
    expect(session).toMatchObject({ status: 'complete', paymentStatus: 'paid', paymentIntentId: 'pi_3abc', url: null });
  });

  it('retrieves a session with its payment intent and charge expanded: the charge’s creation is when it was paid', async () => {
    let asked: string[] = [];
    stripeApi.use(
      http.get(`${API}/checkout/sessions/cs_test_a1b2c3`, ({ request }) => {
        asked = new URL(request.url).searchParams.getAll('expand[0]');
        return HttpResponse.json(
          stripeSession({
            status: 'complete',
            payment_status: 'paid',
            url: null,
            // As Stripe expands it: the PaymentIntent whole, its latest_charge a Charge with `created`.
            payment_intent: {
              id: 'pi_3abc',
              object: 'payment_intent',
              amount_received: 25000,
              currency: 'usd',
              status: 'succeeded',
              latest_charge: { id: 'ch_3abc', object: 'charge', created: 1930037450, paid: true, status: 'succeeded' },
            },
          }),
        );
      }),
    );
    const session = await payments().retrieveCheckoutSession('cs_test_a1b2c3');
    expect(asked).toEqual(['payment_intent.latest_charge']);
    expect(session).toMatchObject({ paymentIntentId: 'pi_3abc', paidAt: new Date(1930037450 * 1000) });
  });

  it('reads no payment time from a session whose charge is not expanded, or that is not paid', async () => {
    stripeApi.use(
      http.get(`${API}/checkout/sessions/cs_test_a1b2c3`, () =>
        HttpResponse.json(
          stripeSession({
            status: 'complete',
            payment_status: 'paid',
            payment_intent: { id: 'pi_3abc', latest_charge: 'ch_3abc' },
          }),
        ),
      ),
      http.get(`${API}/checkout/sessions/cs_test_open`, () => HttpResponse.json(stripeSession({ id: 'cs_test_open' }))),
    );
    expect((await payments().retrieveCheckoutSession('cs_test_a1b2c3')).paidAt).toBeNull();
    expect((await payments().retrieveCheckoutSession('cs_test_open')).paidAt).toBeNull();
  });

  it('expires a session asking for its charge, so a session paid meanwhile says when', async () => {
    let form: URLSearchParams | undefined;
    stripeApi.use(
      http.post(`${API}/checkout/sessions/cs_test_a1b2c3/expire`, async ({ request }) => {
        form = new URLSearchParams(await request.text());
        return HttpResponse.json(stripeSession({ status: 'expired', url: null }));
      }),
    );
    expect(await payments().expireCheckoutSession('cs_test_a1b2c3')).toMatchObject({ status: 'expired', paidAt: null });
    expect(form?.getAll('expand[0]')).toEqual(['payment_intent.latest_charge']);
  });

  it('expires an open session', async () => {
    stripeApi.use(
      http.post(`${API}/checkout/sessions/cs_test_a1b2c3/expire`, () =>
        HttpResponse.json(stripeSession({ status: 'expired', url: null })),
      ),
    );
    expect(await payments().expireCheckoutSession('cs_test_a1b2c3')).toMatchObject({ status: 'expired', url: null });
  });

  it('returns a session that was paid meanwhile instead of failing to expire it', async () => {
    stripeApi.use(
      http.post(`${API}/checkout/sessions/cs_test_a1b2c3/expire`, () =>
        HttpResponse.json(
          {
            error: {
              type: 'invalid_request_error',
              message:
                'Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of `complete`.',
            },
          },
          { status: 400 },
        ),
      ),
      http.get(`${API}/checkout/sessions/cs_test_a1b2c3`, () =>
        HttpResponse.json(stripeSession({ status: 'complete', payment_status: 'paid', payment_intent: 'pi_3abc' })),
      ),
    );
    expect(await payments().expireCheckoutSession('cs_test_a1b2c3')).toMatchObject({
      status: 'complete',
      paymentStatus: 'paid',
    });
  });

  it('fails with NOT_FOUND for a session Stripe does not know (resource_missing), so its hold can be released', async () => {
    const missing = () =>
      HttpResponse.json(
        {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            param: 'session',
            message: "No such checkout.session: 'cs_test_gone'",
          },
        },
        { status: 404 },
      );
    stripeApi.use(
      http.post(`${API}/checkout/sessions/cs_test_gone/expire`, missing),
      http.get(`${API}/checkout/sessions/cs_test_gone`, missing),
    );
    await expect(payments().expireCheckoutSession('cs_test_gone')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refunds a payment under the order’s refund key', async () => {
    let sent: { form: URLSearchParams; key: string | null } | undefined;
    stripeApi.use(
      http.post(`${API}/refunds`, async ({ request }) => {
        sent = { form: new URLSearchParams(await request.text()), key: request.headers.get('idempotency-key') };
        // What left the balance, booked in the platform's EUR: Stripe signs it negative.
        const balance_transaction = { ...stripeBalanceTransaction(), amount: -23148, fee: 0, type: 'refund' };
        return HttpResponse.json(stripeRefund({ balance_transaction }));
      }),
    );
    const refund = await payments().refund({ paymentIntentId: 'pi_3abc', orderId: 'order-1', reason: 'operator' });
    expect(refund).toEqual({
      id: 're_3abc',
      paymentIntentId: 'pi_3abc',
      chargeId: 'ch_3abc',
      amountCents: 25000,
      currency: 'USD',
      status: 'succeeded',
      created: new Date(1930037600 * 1000),
      settled: { amountCents: 23148, currency: 'EUR' },
    });
    expect(sent?.key).toBe('refund:order-1');
    expect(Object.fromEntries(sent?.form ?? [])).toEqual({
      payment_intent: 'pi_3abc',
      reason: 'requested_by_customer',
      'metadata[orderId]': 'order-1',
      'metadata[reason]': 'operator',
      'expand[0]': 'balance_transaction',
    });
  });

  it('lists a payment’s refunds, converting yen to Restay’s hundredths', async () => {
    let query: URLSearchParams | undefined;
    stripeApi.use(
      http.get(`${API}/refunds`, ({ request }) => {
        query = new URL(request.url).searchParams;
        return HttpResponse.json({
          object: 'list',
          data: [
            stripeRefund({
              id: 're_2',
              amount: 5000,
              currency: 'jpy',
              status: 'pending',
              charge: { id: 'ch_3abc', object: 'charge' },
            }),
          ],
          has_more: false,
          url: '/v1/refunds',
        });
      }),
    );
    expect(await payments().listRefunds('pi_3abc')).toEqual([
      {
        id: 're_2',
        paymentIntentId: 'pi_3abc',
        chargeId: 'ch_3abc',
        amountCents: 500000,
        currency: 'JPY',
        status: 'pending',
        created: new Date(1930037600 * 1000),
        // A refund not yet booked names no balance transaction.
        settled: null,
      },
    ]);
    expect(Object.fromEntries(query ?? [])).toEqual({
      payment_intent: 'pi_3abc',
      limit: '100',
      'expand[0]': 'data.balance_transaction',
    });
  });

  it('reads a payment intent’s charge, the amount it received and what it settled to, less the fee', async () => {
    let query: URLSearchParams | undefined;
    stripeApi.use(
      http.get(`${API}/payment_intents/pi_3abc`, ({ request }) => {
        query = new URL(request.url).searchParams;
        return HttpResponse.json({
          id: 'pi_3abc',
          object: 'payment_intent',
          amount: 25000,
          amount_received: 25000,
          currency: 'usd',
          latest_charge: { id: 'ch_3abc', object: 'charge', balance_transaction: stripeBalanceTransaction() },
          metadata: { orderId: 'order-1' },
          status: 'succeeded',
        });
      }),
    );
    expect(await payments().retrievePayment('pi_3abc')).toEqual({
      paymentIntentId: 'pi_3abc',
      chargeId: 'ch_3abc',
      amountReceivedCents: 25000,
      currency: 'USD',
      balance: { id: 'txn_3abc', currency: 'EUR', amountCents: 23148, feeCents: 372, exchangeRate: 0.925926 },
    });
    expect(Object.fromEntries(query ?? [])).toEqual({ 'expand[0]': 'latest_charge.balance_transaction' });
  });

  it('says a payment is already refunded as a conflict', async () => {
    stripeApi.use(
      http.post(`${API}/refunds`, () =>
        HttpResponse.json(
          {
            error: {
              type: 'invalid_request_error',
              code: 'charge_already_refunded',
              message: 'Charge ch_3abc has already been refunded.',
            },
          },
          { status: 400 },
        ),
      ),
    );
    const failure = await payments()
      .refund({ paymentIntentId: 'pi_3abc', orderId: 'order-1', reason: 'transfer_failed' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ code: 'CONFLICT' });
  });

  it('turns a Stripe outage into UPSTREAM_ERROR after its retries', async () => {
    let calls = 0;
    stripeApi.use(
      http.get(`${API}/checkout/sessions/cs_test_a1b2c3`, () => {
        calls += 1;
        return HttpResponse.json(
          { error: { type: 'api_error', message: 'An unknown error occurred' } },
          { status: 500 },
        );
      }),
    );
    // The SDK's back-off between tries (about 0.5 s, then 1 s) is jumped, not sat out.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    let settled = false;
    const retrieving = payments()
      .retrieveCheckoutSession('cs_test_a1b2c3')
      .catch((error: unknown) => error)
      .finally(() => (settled = true));
    try {
      while (!settled) await vi.advanceTimersByTimeAsync(100);
    } finally {
      vi.useRealTimers();
    }
    const failure = await retrieving;
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({
      code: 'UPSTREAM_ERROR',
      status: 502,
      message: 'The payment provider is not answering right now. Please try again in a few minutes.',
    });
    // The first try and the two retries the adapter allows.
    expect(calls).toBe(3);
  });

  it('turns an unreadable answer into UPSTREAM_ERROR', async () => {
    stripeApi.use(http.get(`${API}/checkout/sessions/cs_test_x`, () => HttpResponse.json({ id: 'cs_test_x' })));
    await expect(payments().retrieveCheckoutSession('cs_test_x')).rejects.toMatchObject({ code: 'UPSTREAM_ERROR' });
  });
});

describe('Stripe webhook verification', () => {
  const event = {
    id: 'evt_1abc',
    object: 'event',
    api_version: STRIPE_API_VERSION,
    created: 1930037500,
    type: 'checkout.session.completed',
    data: { object: stripeSession({ status: 'complete', payment_status: 'paid', payment_intent: 'pi_3abc' }) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  };
  const body = JSON.stringify(event);
  const sign = (payload: string, secret = WEBHOOK_SECRET) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret });

  it('accepts an event signed with the webhook secret and reads its session', () => {
    const parsed = payments().parseWebhook(Buffer.from(body), sign(body), 'platform');
    expect(parsed).toMatchObject({
      id: 'evt_1abc',
      type: 'checkout.session.completed',
      created: new Date(1930037500 * 1000),
      session: { id: 'cs_test_a1b2c3', status: 'complete', paymentStatus: 'paid', paymentIntentId: 'pi_3abc' },
    });
    // An event's session names its payment intent by id: the event's own `created` says when it was paid.
    expect(parsed.session?.paidAt).toBeNull();
  });

  it('reads the charge of a charge.refunded event (no refund list since API 2022-11-15), and no session', () => {
    const refunded = JSON.stringify({
      ...event,
      type: 'charge.refunded',
      data: {
        object: {
          id: 'ch_3abc',
          object: 'charge',
          amount: 25000,
          amount_captured: 25000,
          amount_refunded: 25000,
          captured: true,
          currency: 'usd',
          metadata: { orderId: 'order-1' },
          paid: true,
          payment_intent: 'pi_3abc',
          refunded: true,
          status: 'succeeded',
        },
      },
    });
    expect(payments().parseWebhook(Buffer.from(refunded), sign(refunded), 'platform')).toMatchObject({
      type: 'charge.refunded',
      session: null,
      charge: {
        id: 'ch_3abc',
        paymentIntentId: 'pi_3abc',
        amountCents: 25000,
        amountRefundedCents: 25000,
        currency: 'USD',
        refunded: true,
        metadata: { orderId: 'order-1' },
      },
    });
  });

  it('verifies a connected account’s event with the Connect endpoint’s secret, and only that one', () => {
    const updated = JSON.stringify({
      ...event,
      account: 'acct_1seller',
      type: 'account.updated',
      data: {
        object: {
          id: 'acct_1seller',
          object: 'account',
          details_submitted: true,
          capabilities: { transfers: 'active' },
        },
      },
    });
    const signed = sign(updated, CONNECT_WEBHOOK_SECRET);
    expect(payments().parseWebhook(Buffer.from(updated), signed, 'connect')).toMatchObject({
      type: 'account.updated',
      account: { id: 'acct_1seller', transfersActive: true, detailsSubmitted: true },
    });
    expect(() => payments().parseWebhook(Buffer.from(updated), signed, 'platform')).toThrow(
      'The webhook signature is not valid.',
    );
    expect(() => payments().parseWebhook(Buffer.from(body), sign(body), 'connect')).toThrow(
      'The webhook signature is not valid.',
    );
  });

  it('gives events about other objects neither a session nor a charge', () => {
    const other = JSON.stringify({
      ...event,
      type: 'customer.created',
      data: { object: { id: 'cus_1', object: 'customer' } },
    });
    expect(payments().parseWebhook(Buffer.from(other), sign(other), 'platform')).toMatchObject({
      session: null,
      charge: null,
    });
  });

  it.each([
    ['signed with another secret', body, sign(body, 'whsec_someone_else')],
    ['tampered with after signing', body.replace('"paid"', '"unpaid"'), sign(body)],
    [
      'signed too long ago',
      body,
      Stripe.webhooks.generateTestHeaderString({
        payload: body,
        secret: WEBHOOK_SECRET,
        timestamp: Math.floor(Date.now() / 1000) - 600,
      }),
    ],
    ['without a signature header', body, undefined],
  ])('refuses an event %s', (_case, payload, signature) => {
    let failure: unknown;
    try {
      payments().parseWebhook(Buffer.from(payload), signature, 'platform');
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ code: 'VALIDATION_ERROR', status: 400 });
  });
});
