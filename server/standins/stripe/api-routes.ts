import { createHash, timingSafeEqual } from 'node:crypto';
import express, { Router, type Request, type Response } from 'express';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';
import type { Executor } from '../../db/transaction.ts';
import type { IdempotencyKeys, WireResponse } from './idempotency.ts';
import { createSessionParams, listRefundsParams, parseParams, refundParams, splitExpand } from './params.ts';
import { balanceTransactionJson, hasRate, STANDIN_RATES_PER_EUR } from './balance.ts';
import { standinStore, type StandinStore } from './store.ts';
import { connectApiRoutes } from './connect-api-routes.ts';
import { connectStore, type ConnectStore } from './connect-store.ts';
import {
  chargeIdOf,
  chargeJson,
  checkoutSessionJson,
  expandedSessionJson,
  missing,
  newId,
  paymentIntentJson,
  refundJson,
  StripeWireError,
} from './wire.ts';

/** Stripe accepts a session lifetime from 30 minutes to 24 hours; the minute of slack absorbs the request's travel. */
const MIN_LIFETIME_S = 30 * 60 - 60;
const MAX_LIFETIME_S = 24 * 60 * 60;

export interface StandinApiOptions {
  db: Kysely<Database>;
  keys: IdempotencyKeys;
  secretKey: string;
  clock: Clock;
  logger: Logger;
  /** Where browsers reach the checkout page; by default the origin the API request came to. */
  pageOrigin: (req: Request) => string;
  /** Sends an event now, without holding up the API answer (failures are retried later). */
  deliverSoon: (eventId: string) => void;
  /** The platform account's settlement currency (lower-case): charges are booked, and transfers made, in it. */
  settlementCurrency: string;
}

/** A request's stores write through its idempotency key's transaction, when it has a key. */
export interface Context {
  req: Request;
  now: Date;
  requestId: string;
  store: StandinStore;
  connect: ConnectStore;
}

/** The Stripe REST subset the adapter uses, served at /v1 with Stripe's auth, idempotency and error shapes. */
export function standinApiRouter(options: StandinApiOptions): Router {
  const { keys, clock, settlementCurrency } = options;
  const storesOn = (executor: Executor) => ({
    store: standinStore(executor),
    connect: connectStore(executor, settlementCurrency),
  });
  const outsideAnyKey = storesOn(options.db);
  const router = Router();
  router.use(express.urlencoded({ extended: true, limit: '100kb' }));

  const route = (work: (context: Context) => Promise<WireResponse>) => async (req: Request, res: Response) => {
    const requestId = newId('req_test_', 14);
    res.set('Request-Id', requestId);
    const now = clock();
    try {
      authenticate(req.get('authorization'), options.secretKey);
      const key = req.method === 'POST' ? req.get('idempotency-key') : undefined;
      const answer = key
        ? await keys.run(key, [req.method, req.path, req.body], now, (trx) =>
            work({ req, now, requestId, ...storesOn(trx) }),
          )
        : await work({ req, now, requestId, ...outsideAnyKey });
      for (const eventId of answer.events ?? []) options.deliverSoon(eventId);
      if (answer.replayed) res.set('Idempotent-Replayed', 'true');
      res.status(answer.status).json(answer.body);
    } catch (error) {
      if (error instanceof StripeWireError) {
        res.status(error.status).json({ error: { ...error.body, request_log_url: null } });
        return;
      }
      options.logger.error({ err: error }, 'checkout stand-in failed');
      res.status(500).json({ error: { type: 'api_error', message: 'An unknown error occurred' } });
    }
  };

  // The platform's own account, as `GET /v1/account` answers it: its balance is in the settlement currency.
  router.get(
    '/account',
    route(async () => ({
      status: 200,
      body: { id: 'acct_standin_platform', object: 'account', default_currency: settlementCurrency },
    })),
  );

  router.post(
    '/checkout/sessions',
    route(async ({ req, now, store }) => {
      const params = parseParams(createSessionParams, req.body);
      const currencies = new Set(params.line_items.map((item) => item.price_data.currency));
      const [currency] = currencies;
      if (!currency || currencies.size > 1) {
        throw invalid('line_items', 'All line items must use the same currency.');
      }
      // The stand-in settles into the platform's currency at the site's reference rates; it takes no currency they
      // have none for.
      if (!hasRate(currency, STANDIN_RATES_PER_EUR)) throw invalid('currency', `Invalid currency: ${currency}.`);
      const nowS = Math.floor(now.getTime() / 1000);
      const expiresAt = params.expires_at ?? nowS + MAX_LIFETIME_S;
      if (expiresAt < nowS + MIN_LIFETIME_S || expiresAt > nowS + MAX_LIFETIME_S) {
        throw invalid(
          'expires_at',
          'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
        );
      }
      const lineItems = params.line_items.map((item) => ({
        name: item.price_data.product_data.name,
        description: item.price_data.product_data.description ?? null,
        unit_amount: item.price_data.unit_amount,
        quantity: item.quantity,
      }));
      const row = await store.insertSession({
        id: newId('cs_test_', 58),
        status: 'open',
        payment_status: 'unpaid',
        currency,
        amount_total: lineItems.reduce((sum, item) => sum + item.unit_amount * item.quantity, 0),
        line_items: JSON.stringify(lineItems),
        customer_email: params.customer_email ?? null,
        client_reference_id: params.client_reference_id ?? null,
        metadata: JSON.stringify(params.metadata ?? {}),
        payment_intent_metadata: JSON.stringify(params.payment_intent_data?.metadata ?? {}),
        success_url: params.success_url,
        cancel_url: params.cancel_url ?? null,
        created_at: now,
        expires_at: new Date(expiresAt * 1000),
      });
      return { status: 200, body: checkoutSessionJson(row, options.pageOrigin(req)) };
    }),
  );

  router.get(
    '/checkout/sessions/:id',
    route(async ({ req, now, store }) => {
      const id = String(req.params.id);
      const row = await store.find(id, now);
      if (!row) throw missing('checkout.session', id, 'session');
      const { expand } = splitExpand(req.query);
      const refunded = await store.amountRefunded(row.payment_intent);
      return { status: 200, body: expandedSessionJson(row, options.pageOrigin(req), expand, refunded) };
    }),
  );

  router.post(
    '/checkout/sessions/:id/expire',
    route(async ({ req, now, requestId, store }) => {
      const id = String(req.params.id);
      const current = await store.find(id, now);
      if (!current) throw missing('checkout.session', id, 'session');
      const expired = current.status === 'open' ? await store.expire(id, now, requestId) : undefined;
      if (!expired) {
        const status = (await store.find(id, now))?.status ?? current.status;
        throw invalid(
          undefined,
          `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${status}\`.`,
        );
      }
      // Only an open session is expired: it has no payment intent, so an `expand` asked for changes nothing.
      return { status: 200, body: checkoutSessionJson(expired.row, undefined), events: [expired.eventId] };
    }),
  );

  router.post(
    '/refunds',
    route(async ({ req, now, requestId, store }) => {
      const { params: body, expand } = splitExpand(req.body);
      const params = parseParams(refundParams, body);
      const paid = await store.findPaidByPaymentIntent(params.payment_intent);
      if (!paid?.payment_intent) throw missing('payment_intent', params.payment_intent, 'payment_intent');
      const made = await store.refund({
        paymentIntent: paid.payment_intent,
        reason: params.reason ?? null,
        metadata: params.metadata ?? {},
        now,
        requestId,
      });
      if (!made) {
        throw new StripeWireError(400, {
          type: 'invalid_request_error',
          code: 'charge_already_refunded',
          message: `Charge ${chargeIdOf(paid.payment_intent)} has already been refunded.`,
        });
      }
      const booked = expand.includes('balance_transaction') ? refundBalance(made.refund) : undefined;
      return { status: 200, body: refundJson(made.refund, booked), events: [made.eventId] };
    }),
  );

  router.get(
    '/refunds',
    route(async ({ req, store }) => {
      const { params: query, expand } = splitExpand(req.query);
      const params = parseParams(listRefundsParams, query);
      const refunds = await store.listRefunds(params.payment_intent);
      const expanded = expand.includes('data.balance_transaction');
      const data = refunds
        .slice(0, params.limit ?? 10)
        .map((refund) => refundJson(refund, expanded ? refundBalance(refund) : undefined));
      return {
        status: 200,
        body: { object: 'list', data, has_more: refunds.length > data.length, url: '/v1/refunds' },
      };
    }),
  );

  router.get(
    '/payment_intents/:id',
    route(async ({ req, store }) => {
      const id = String(req.params.id);
      const { expand } = splitExpand(req.query);
      const paid = await store.findPaidByPaymentIntent(id);
      if (!paid?.payment_intent) throw missing('payment_intent', id, 'intent');
      const session = { ...paid, payment_intent: paid.payment_intent };
      const refunded = await store.amountRefunded(paid.payment_intent);
      const charge = expand.includes('latest_charge.balance_transaction')
        ? chargeJson(session, refunded, chargeBalance(session))
        : expand.includes('latest_charge')
          ? chargeJson(session, refunded)
          : undefined;
      return { status: 200, body: paymentIntentJson(session, charge) };
    }),
  );

  /** How a paid charge was booked in the platform's balance (converted, less the card fee). */
  const chargeBalance = (
    session: { payment_intent: string; amount_total: number; currency: string } & {
      completed_at: Date | null;
      created_at: Date;
    },
  ) =>
    balanceTransactionJson({
      source: chargeIdOf(session.payment_intent),
      type: 'charge',
      sourceAmount: session.amount_total,
      sourceCurrency: session.currency,
      settlementCurrency,
      created: Math.floor((session.completed_at ?? session.created_at).getTime() / 1000),
    });
  /** How a refund left the platform's balance (converted at the same rate; the card fee is not returned). */
  const refundBalance = (refund: { id: string; amount: number; currency: string; created_at: Date }) =>
    balanceTransactionJson({
      source: refund.id,
      type: 'refund',
      sourceAmount: refund.amount,
      sourceCurrency: refund.currency,
      settlementCurrency,
      created: Math.floor(refund.created_at.getTime() / 1000),
    });

  connectApiRoutes(router, route, { pageOrigin: options.pageOrigin });

  // Stripe answers an address it does not serve in its own error shape.
  router.use((req, res) => {
    const message = `Unrecognized request URL (${req.method}: ${req.originalUrl}).`;
    res.status(404).json({ error: { type: 'invalid_request_error', message } });
  });

  return router;
}

const invalid = (param: string | undefined, message: string) =>
  new StripeWireError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}) });

/** Bearer auth with the configured secret key, compared in constant time (hashes make the lengths equal). */
function authenticate(header: string | undefined, secretKey: string) {
  const key = /^Bearer (\S+)$/.exec(header ?? '')?.[1];
  if (!key) {
    throw new StripeWireError(401, {
      type: 'invalid_request_error',
      message:
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    });
  }
  const digest = (text: string) => createHash('sha256').update(text).digest();
  if (!timingSafeEqual(digest(key), digest(secretKey))) {
    throw new StripeWireError(401, {
      type: 'invalid_request_error',
      message: `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`,
    });
  }
}
