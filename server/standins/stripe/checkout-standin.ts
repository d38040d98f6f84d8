import { startBackgroundLoop } from '../../background-loop.ts';
import type { Request, Router } from 'express';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';
import { standinApiRouter } from './api-routes.ts';
import { idempotencyKeys } from './idempotency.ts';
import { standinPageRouter } from './page-routes.ts';
import { standinStore } from './store.ts';
import { connectStore } from './connect-store.ts';
import { webhookDelivery } from './webhook-delivery.ts';

export interface CheckoutStandInOptions {
  db: Kysely<Database>;
  /** The key the `stripe` client sends as its Bearer token (local runs: the data directory's random key). */
  secretKey: string;
  /** Signs webhook deliveries; the API verifies them with the same secret (local runs: the data directory's random secret). */
  webhookSecret: string;
  /** The API's own webhook endpoint; asked at each delivery because the port is known only after listen(). */
  webhookUrl: () => string;
  /** Signs connected accounts' events (`account.updated`), as Stripe signs a Connect endpoint's with its own secret. */
  connectWebhookSecret: string;
  /** The API's Connect webhook endpoint, where connected accounts' events go. */
  connectWebhookUrl: () => string;
  clock: Clock;
  logger: Logger;
  /** Origin browsers use for the checkout page; by default the origin each API request was addressed to. */
  publicOrigin?: string;
  /** A public demo: the dashboard's refund asks for the demo operator token (the product checks who may refund). */
  demoMode?: boolean;
  /** The platform's settlement currency (ISO 4217): charges in other currencies are converted into it. */
  settlementCurrency: string;
}

export interface CheckoutStandIn {
  /** Mount at `/v1`: the Stripe REST subset. */
  apiRouter: Router;
  /** Mount at `/test-checkout`: the hosted test checkout page. */
  pageRouter: Router;
  /** Expires overdue sessions, sends every webhook delivery that is due; returns how many were delivered. */
  deliverDueEvents(): Promise<number>;
  /** Runs deliverDueEvents every second in the background; the returned stop waits for a round in progress. */
  start(): () => Promise<void>;
}

const TICK_MS = 1_000;

/**
 * The built-in checkout server: it speaks the part of Stripe's API the payments adapter uses, so the real
 * `stripe` client runs in development and tests with only its host changed. Never mounted in production.
 */
export function checkoutStandIn(options: CheckoutStandInOptions): CheckoutStandIn {
  const { db, clock, logger } = options;
  // A live key means real Stripe is configured; serving a fake checkout under it would take no one's money.
  if (options.secretKey.startsWith('sk_live_'))
    throw new Error('The checkout stand-in never runs with a live Stripe key');
  const store = standinStore(db);
  const settlementCurrency = options.settlementCurrency.toLowerCase();
  const connect = connectStore(db, settlementCurrency);
  const keys = idempotencyKeys(db);
  const delivery = webhookDelivery({
    db,
    platform: { url: options.webhookUrl, secret: options.webhookSecret },
    connect: { url: options.connectWebhookUrl, secret: options.connectWebhookSecret },
    clock,
    logger,
  });
  const pageOrigin = (req: Request) => options.publicOrigin ?? `${req.protocol}://${req.get('host')}`;

  async function deliverDueEvents() {
    const now = clock();
    await store.expireOverdue(now);
    await keys.prune(now);
    return delivery.deliverDue();
  }

  return {
    apiRouter: standinApiRouter({
      db,
      keys,
      secretKey: options.secretKey,
      clock,
      logger,
      pageOrigin,
      settlementCurrency,
      deliverSoon: (eventId) => {
        delivery.deliverNow(eventId).catch((error: unknown) => {
          logger.warn({ err: error, eventId }, 'checkout stand-in: first delivery failed');
        });
      },
    }),
    pageRouter: standinPageRouter({
      store,
      connect,
      clock,
      logger,
      deliverNow: delivery.deliverNow,
      demoMode: options.demoMode ?? false,
      secretKey: options.secretKey,
    }),
    deliverDueEvents,
    start() {
      return startBackgroundLoop(
        deliverDueEvents,
        TICK_MS,
        (error) => logger.error({ err: error }, 'checkout stand-in: delivery round failed'),
        { quietThroughOutages: { logger, what: 'the checkout stand-in’s deliveries' } },
      );
    },
  };
}
