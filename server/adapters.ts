import { Router } from 'express';
import type { Logger } from 'pino';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import type { SelfOrigin } from './http/self-origin.ts';
import { createMailer, type Mailer } from './mail/index.ts';
import type { Payments } from './payments/stripe/payments.ts';
import { checkoutStandIn } from './payments/stripe/standin/checkout-standin.ts';
import { createStripePayments, LOCAL_STRIPE_SECRET_KEY, LOCAL_STRIPE_WEBHOOK_SECRET } from './payments/stripe/stripe-payments.ts';
import { createPhotoService, type PhotoService } from './photos/index.ts';
import { DEMO_MEWS_CLIENT_TOKEN, demoMewsAccessTokens } from './selling/pms/demo-data.ts';
import { demoMewsRouter } from './selling/pms/demo-mews-routes.ts';
import { devPmsRouter } from './selling/pms/dev-pms-routes.ts';
import { createMewsPms } from './selling/pms/mews-pms.ts';
import type { Pms } from './selling/pms/pms.ts';

/**
 * Every outside service the API talks to, each behind its port. Chosen once, here, from the configuration;
 * nothing else in the code knows which adapter is active.
 */
export interface Adapters {
  mailer: Mailer;
  photos: PhotoService;
  pms: Pms;
  payments: Payments;
  /** The local stand-ins the API serves itself (demo PMS, test checkout); empty when real services are used. */
  standIns: StandIns;
}

export interface StandIns {
  /** Mounted at the site root before the API; never present in production (the configuration refuses it). */
  router: Router | undefined;
  /** Starts the stand-ins' background work (webhook deliveries); returns the function that stops it. */
  start(): () => void;
}

/** Where the demo PMS is mounted; the Mews adapter calls `<own origin>/demo-mews/api/connector/v1/...`. */
const DEMO_MEWS_PATH = '/demo-mews';

export function createAdapters(
  config: Config,
  database: DatabaseHandle,
  logger: Logger,
  clock: Clock,
  selfOrigin: SelfOrigin,
): Adapters {
  const { db } = database;
  const standIns = Router();
  const background: (() => () => void)[] = [];

  const pmsConfig = config.pms;
  const pms =
    pmsConfig.mode === 'mews'
      ? createMewsPms({
          platformUrl: () => pmsConfig.platformUrl,
          clientToken: pmsConfig.clientToken,
          accessTokens: pmsConfig.accessTokens,
          clientName: pmsConfig.clientName,
          logger,
        })
      : createMewsPms({
          platformUrl: () => selfOrigin() + DEMO_MEWS_PATH,
          clientToken: DEMO_MEWS_CLIENT_TOKEN,
          accessTokens: demoMewsAccessTokens(),
          clientName: 'Restay demo PMS client',
          logger,
        });
  if (pmsConfig.mode === 'demo') {
    standIns.use(DEMO_MEWS_PATH, demoMewsRouter(db, clock));
    standIns.use('/dev', devPmsRouter(db));
  }

  const paymentsConfig = config.payments;
  let payments: Payments;
  if (paymentsConfig.mode === 'stripe') {
    payments = createStripePayments({ mode: 'stripe', secretKey: paymentsConfig.secretKey, webhookSecret: paymentsConfig.webhookSecret });
  } else {
    payments = createStripePayments({
      mode: 'local',
      secretKey: LOCAL_STRIPE_SECRET_KEY,
      webhookSecret: LOCAL_STRIPE_WEBHOOK_SECRET,
      api: () => {
        const { hostname, port } = new URL(selfOrigin());
        return { host: hostname.replace(/^\[|\]$/g, ''), port: Number(port), protocol: 'http' };
      },
    });
    const checkout = checkoutStandIn({
      db,
      secretKey: LOCAL_STRIPE_SECRET_KEY,
      webhookSecret: LOCAL_STRIPE_WEBHOOK_SECRET,
      webhookUrl: () => `${selfOrigin()}/api/payment/webhook`,
      clock,
      logger,
      publicOrigin: new URL(config.publicUrl).origin,
    });
    standIns.use('/v1', checkout.apiRouter);
    standIns.use('/test-checkout', checkout.pageRouter);
    background.push(checkout.start);
  }

  const anyStandIn = pmsConfig.mode === 'demo' || paymentsConfig.mode === 'local';
  return {
    mailer: createMailer(config, db, logger),
    photos: createPhotoService(config, clock),
    pms,
    payments,
    standIns: {
      router: anyStandIn ? standIns : undefined,
      start: () => {
        const stops = background.map((start) => start());
        return () => stops.forEach((stop) => stop());
      },
    },
  };
}

/** What the start-up log says about the adapters (never a secret). */
export function describeAdapters(config: Config, adapters: Adapters) {
  return {
    mailer: adapters.mailer.kind,
    photos: adapters.photos.kind,
    pms: config.pms.mode,
    payments: adapters.payments.mode,
  };
}
