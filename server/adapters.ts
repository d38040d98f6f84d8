import { Router } from 'express';
import type { Logger } from 'pino';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import type { SelfOrigin } from './http/self-origin.ts';
import { createMailer, type Mailer } from './mail/index.ts';
import type { Payments } from './payments/stripe/payments.ts';
import { checkoutStandIn } from './payments/stripe/standin/checkout-standin.ts';
import { createStripePayments } from './payments/stripe/stripe-payments.ts';
import { createPhotoService, type PhotoService } from './photos/index.ts';
import { DEMO_MEWS_CLIENT_TOKEN, demoMewsAccessTokens } from './demo/demo-data.ts';
import { demoMewsRouter } from './selling/pms/demo-mews-routes.ts';
import { demoMewsWebhook } from './selling/pms/demo-mews-webhook.ts';
import { devPmsRouter } from './selling/pms/dev-pms-routes.ts';
import { databaseHotelDirectory } from './selling/pms/hotel-directory.ts';
import { createMewsPms } from './selling/pms/mews-pms.ts';
import type { Pms } from './selling/pms/pms.ts';
import { createEcbRates, type RatesSource } from './rates/rates-source.ts';
import { ECB_DAILY_FILE_PATH, ecbStandInRouter } from './standins/ecb/ecb-standin.ts';

/**
 * Every outside service the API talks to, each behind its port. Chosen once, here, from the configuration;
 * nothing else in the code knows which adapter is active.
 */
export interface Adapters {
  mailer: Mailer;
  photos: PhotoService;
  pms: Pms;
  payments: Payments;
  /** The day's exchange rates: the ECB's daily reference rates, or the stand-in's shipped copy. */
  rates: RatesSource;
  /** The local stand-ins the API serves itself (demo PMS, test checkout); empty when real services are used. */
  standIns: StandIns;
}

export interface StandIns {
  /** Mounted at the site root after the API; only where `config.standInsAllowed` (the configuration refuses the rest). */
  router: Router | undefined;
  /** Starts the stand-ins' background work (webhook deliveries); returns a stop that waits for work in progress. */
  start(): () => Promise<void>;
}

/** Where the ECB stand-in is mounted; the rates adapter reads `<own origin>/ecb-standin/stats/eurofxref/...`. */
const ECB_STANDIN_PATH = '/ecb-standin';

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
  const anyStandIn = config.pms.mode === 'demo' || config.payments.mode === 'local' || config.rates.mode === 'stand-in';
  // The configuration refuses this already; a second lock here keeps a stand-in from ever being built by mistake.
  if (anyStandIn && !config.standInsAllowed) throw new Error('the local stand-ins may not run with this configuration');
  const standIns = Router();
  const background: (() => () => Promise<void>)[] = [];

  const pmsConfig = config.pms;
  const hotelDirectory = databaseHotelDirectory(db, clock);
  const pms =
    pmsConfig.mode === 'mews'
      ? createMewsPms({
          platformUrl: () => pmsConfig.platformUrl,
          clientToken: pmsConfig.clientToken,
          accessTokens: pmsConfig.accessTokens,
          clientName: pmsConfig.clientName,
          directory: hotelDirectory,
          logger,
        })
      : createMewsPms({
          platformUrl: () => selfOrigin() + DEMO_MEWS_PATH,
          clientToken: DEMO_MEWS_CLIENT_TOKEN,
          accessTokens: demoMewsAccessTokens(),
          clientName: 'Restay demo PMS client',
          directory: hotelDirectory,
          logger,
        });
  if (pmsConfig.mode === 'demo') {
    standIns.use(DEMO_MEWS_PATH, demoMewsRouter(db, clock));
    // Like Mews, the demo hotel tells Restay's webhook receiver when one of its reservations changes.
    const notify = demoMewsWebhook({
      url: () => `${selfOrigin()}/api/mews/webhook`,
      token: config.mewsWebhookToken,
      logger,
    });
    standIns.use('/dev', devPmsRouter(db, { clock, notify }));
  }

  const paymentsConfig = config.payments;
  let payments: Payments;
  if (paymentsConfig.mode === 'stripe') {
    payments = createStripePayments({
      mode: 'stripe',
      secretKey: paymentsConfig.secretKey,
      webhookSecret: paymentsConfig.webhookSecret,
    });
  } else {
    // The local client and the test checkout share this data directory's random key and signing secret.
    const { stripeSecretKey, stripeWebhookSecret } = config.localSecrets;
    payments = createStripePayments({
      mode: 'local',
      secretKey: stripeSecretKey,
      webhookSecret: stripeWebhookSecret,
      api: () => {
        const { hostname, port } = new URL(selfOrigin());
        return { host: hostname.replace(/^\[|\]$/g, ''), port: Number(port), protocol: 'http' };
      },
    });
    const checkout = checkoutStandIn({
      db,
      secretKey: stripeSecretKey,
      webhookSecret: stripeWebhookSecret,
      webhookUrl: () => `${selfOrigin()}/api/payment/webhook`,
      clock,
      logger,
      publicOrigin: new URL(config.publicUrl).origin,
    });
    standIns.use('/v1', checkout.apiRouter);
    standIns.use('/test-checkout', checkout.pageRouter);
    background.push(checkout.start);
  }

  const ratesConfig = config.rates;
  let rates: RatesSource;
  if (ratesConfig.mode === 'ecb') {
    rates = createEcbRates('ecb', () => ratesConfig.url);
  } else {
    standIns.use(ECB_STANDIN_PATH, ecbStandInRouter());
    rates = createEcbRates('stand-in', () => selfOrigin() + ECB_STANDIN_PATH + ECB_DAILY_FILE_PATH);
  }

  return {
    mailer: createMailer(config, db, logger),
    photos: createPhotoService(config, clock),
    pms,
    payments,
    rates,
    standIns: {
      router: anyStandIn ? standIns : undefined,
      start: () => {
        const stops = background.map((start) => start());
        return async () => {
          await Promise.all(stops.map((stop) => stop()));
        };
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
    rates: adapters.rates.kind,
  };
}
