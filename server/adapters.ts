import { Router } from 'express';
import type { Logger } from 'pino';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import type { SelfOrigin } from './http/self-origin.ts';
import type { Mailer } from './mail/mailer.ts';
import { createSmtpMailer } from './mail/smtp-mailer.ts';
import type { Payments } from './payments/stripe/payments.ts';
import { checkoutStandIn } from './standins/stripe/checkout-standin.ts';
import { createStripePayments } from './payments/stripe/stripe-payments.ts';
import { createPhotoService, type PhotoService } from './photos/index.ts';
import { resetDemoData, seedDemoData } from './standins/demo/seed.ts';
import { startDemoPolicies } from './standins/demo/demo-policies.ts';
import { createDevMailbox } from './standins/mailbox/dev-mailbox.ts';
import { devMailboxRouter } from './standins/mailbox/dev-mailbox-routes.ts';
import { DEMO_MEWS_CLIENT_TOKEN, demoMewsAccessTokens } from './standins/demo/demo-data.ts';
import { demoMewsRouter } from './standins/mews/demo-mews-routes.ts';
import { demoMewsWebhook } from './standins/mews/demo-mews-webhook.ts';
import { devPmsRouter } from './standins/mews/dev-pms-routes.ts';
import { databaseHotelDirectory } from './selling/pms/hotel-directory.ts';
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
  /** Mounted at the site root after the API; only where `config.standInsAllowed` (the configuration refuses the rest). */
  router: Router | undefined;
  /** Starts the stand-ins' background work (webhook deliveries); returns a stop that waits for work in progress. */
  start(): () => Promise<void>;
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
  const anyStandIn = !config.smtpUrl || config.pms.mode === 'demo' || config.payments.mode === 'local';
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
  let mailer: Mailer;
  if (config.smtpUrl) {
    mailer = createSmtpMailer({ url: config.smtpUrl, from: config.mailFrom });
  } else {
    mailer = createDevMailbox(db, logger, config.mailFrom);
    // Every email's content, to anyone who asks: a stand-in like the others.
    standIns.use('/dev', devMailboxRouter(db));
  }

  if (pmsConfig.mode === 'demo') {
    standIns.use(DEMO_MEWS_PATH, demoMewsRouter(db, clock));
    // Like Mews, the demo hotel tells Restay's webhook receiver when one of its reservations changes.
    const notify = demoMewsWebhook({
      url: () => `${selfOrigin()}/api/mews/webhook`,
      token: config.mewsWebhookToken,
      logger,
    });
    standIns.use('/dev', devPmsRouter(db, { clock, notify }));
    // The seeded demo hotels publish their policy once connected, so the demo marketplace sells as before.
    background.push(() => startDemoPolicies({ db, clock, logger }));
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

  return {
    mailer,
    photos: createPhotoService(config, clock),
    pms,
    payments,
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

/**
 * Demo sellers and their stays belong to the demo hotel system: a database behind a real PMS starts empty.
 * Seeds an empty database only; says how many listings it added.
 */
export async function seedStandInData(config: Config, database: DatabaseHandle) {
  return config.pms.mode === 'demo' ? seedDemoData(database.db) : { listings: 0 };
}

/** `npm run db:seed`: replaces every listing and sale with the demo set, so only behind the demo hotel system. */
export async function resetStandInData(config: Config, database: DatabaseHandle) {
  if (config.pms.mode !== 'demo')
    throw new Error(
      'db:seed replaces all data with demo data: it runs only with the demo hotel system (no MEWS_* set).',
    );
  return resetDemoData(database.db);
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
