import { Router } from 'express';
import type { Logger } from 'pino';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import type { Executor } from './db/transaction.ts';
import type { SelfOrigin } from './http/self-origin.ts';
import type { Mailer } from './mail/mailer.ts';
import { createSmtpMailer } from './mail/smtp-mailer.ts';
import type { Payments } from './payments/stripe/payments.ts';
import { createStripePayments } from './payments/stripe/stripe-payments.ts';
import { createPhotoService, type PhotoService } from './photos/index.ts';
import type { DevSignInPage } from './auth/gotrue-routes.ts';
import { databaseHotelDirectory } from './selling/pms/hotel-directory.ts';
import { createMewsPms } from './selling/pms/mews-pms.ts';
import { createHotelBreakers } from './selling/pms/hotel-breaker.ts';
import { hotelAccessTokens } from './hotels/hotel-tokens.ts';
import { configuredTokenCipher } from './hotels/token-cipher.ts';
import type { Pms } from './selling/pms/pms.ts';
import { createEcbRates, type RatesSource } from './rates/rates-source.ts';

/**
 * Every outside service the API talks to, each behind its port. Chosen once, here, from the configuration;
 * nothing else in the code knows which adapter is active.
 */
export interface Adapters {
  mailer: Mailer;
  photos: PhotoService;
  pms: Pms;
  payments: Payments;
  /** Hotels' tokens the configuration names (MEWS_ACCESS_TOKENS, or the demo hotels'): imported at start-up. */
  configuredHotelTokens: readonly string[];
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
  /** The development sign-in page, for the built-in auth server when no Google is configured. */
  signInPage: DevSignInPage | undefined;
  /** What the stand-ins add when the configured hotels join, in that transaction: the demo hotels' policies. */
  whenHotelsJoin: ((trx: Executor, now: Date) => Promise<unknown>) | undefined;
}

/** What the adapters are chosen from and built with. */
export interface AdapterDeps {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  clock: Clock;
  selfOrigin: SelfOrigin;
}

/**
 * The stand-in wing, loaded only where the stand-in policy allows it (never in production): a dynamic import, so
 * neither a production process nor a production bundle's start-up loads a line of it.
 */
const loadStandInWing = () => import('./standins/wing.ts');

/** Where the ECB stand-in is mounted; the rates adapter reads `<own origin>/ecb-standin/stats/eurofxref/...`. */
const ECB_STANDIN_PATH = '/ecb-standin';

/** Where the demo PMS is mounted; the Mews adapter calls `<own origin>/demo-mews/api/connector/v1/...`. */
const DEMO_MEWS_PATH = '/demo-mews';

export async function createAdapters({ config, database, logger, clock, selfOrigin }: AdapterDeps): Promise<Adapters> {
  const { db } = database;
  const anyStandIn =
    !config.smtpUrl ||
    config.pms.mode === 'demo' ||
    config.payments.mode === 'local' ||
    config.rates.mode === 'stand-in';
  // The configuration refuses this already; a second lock here keeps a stand-in from ever being built by mistake.
  if (anyStandIn && !config.standInsAllowed) throw new Error('the local stand-ins may not run with this configuration');
  const wing = config.standInsAllowed ? await loadStandInWing() : undefined;
  const standIns = Router();
  const background: (() => () => Promise<void>)[] = [];
  let whenHotelsJoin: StandIns['whenHotelsJoin'];

  const pmsConfig = config.pms;
  const hotelDirectory = databaseHotelDirectory({ db, clock });
  const configuredHotelTokens = pmsConfig.mode === 'mews' ? pmsConfig.accessTokens : wing!.demoMewsAccessTokens();
  // The hotels connected now, read on every lookup; the configured tokens until their hotels are imported.
  const cipher = configuredTokenCipher(config);
  const accessTokens = hotelAccessTokens(db, cipher, configuredHotelTokens, logger);
  const hotelCalls = {
    lookupDeadlineMs: config.hotelCalls.lookupDeadlineMs,
    breakers: createHotelBreakers(config.hotelCalls.breaker),
  };
  const pms =
    pmsConfig.mode === 'mews'
      ? createMewsPms({
          platformUrl: () => pmsConfig.platformUrl,
          clientToken: pmsConfig.clientToken,
          accessTokens,
          clientName: pmsConfig.clientName,
          directory: hotelDirectory,
          logger,
          ...hotelCalls,
        })
      : createMewsPms({
          platformUrl: () => selfOrigin() + DEMO_MEWS_PATH,
          clientToken: wing!.DEMO_MEWS_CLIENT_TOKEN,
          accessTokens,
          clientName: 'Restay demo PMS client',
          directory: hotelDirectory,
          logger,
          ...hotelCalls,
        });
  let mailer: Mailer;
  if (config.smtpUrl) {
    mailer = createSmtpMailer({ url: config.smtpUrl, from: config.mailFrom });
  } else {
    mailer = wing!.createDevMailbox({ db, logger, from: config.mailFrom });
    // Every email's content, to anyone who asks: a stand-in like the others.
    standIns.use('/dev', wing!.devMailboxRouter({ db }));
  }

  if (pmsConfig.mode === 'demo') {
    // Per-hotel reply delays (POST /dev/pms/hotels/:enterpriseId/delay): how a slow hotel is shown.
    const delays = wing!.createDemoMewsDelays();
    standIns.use(DEMO_MEWS_PATH, wing!.demoMewsRouter({ db, clock, delays }));
    // Like Mews, the demo hotel tells Restay's webhook receiver when one of its reservations changes.
    const notify = wing!.demoMewsWebhook({
      url: () => `${selfOrigin()}/api/mews/webhook`,
      token: config.mewsWebhookToken,
      logger,
    });
    // And, like Mews, tells Restay's integration receiver when a hotel connects Restay (/dev/pms "Connect").
    const connect = wing!.demoMewsIntegrationWebhook({
      url: () => `${selfOrigin()}/api/mews/integration-webhook`,
      token: config.mewsIntegrationWebhookToken,
      logger,
    });
    const publicDemo = config.demoMode ? { operatorToken: config.demoOperatorToken } : undefined;
    standIns.use('/dev', wing!.devPmsRouter({ db, clock, notify, connect, publicDemo, delays }));
    // The seeded demo hotels publish their policy as they join, so the demo marketplace sells as before.
    whenHotelsJoin = wing!.publishDemoPolicies;
  }

  const paymentsConfig = config.payments;
  let payments: Payments;
  if (paymentsConfig.mode === 'stripe') {
    payments = createStripePayments({
      mode: 'stripe',
      secretKey: paymentsConfig.secretKey,
      webhookSecret: paymentsConfig.webhookSecret,
      connectWebhookSecret: paymentsConfig.connectWebhookSecret,
    });
  } else {
    // The local client and the test checkout share this data directory's random key and signing secret.
    const { stripeSecretKey, stripeWebhookSecret, stripeConnectWebhookSecret } = config.localSecrets;
    payments = createStripePayments({
      mode: 'local',
      secretKey: stripeSecretKey,
      webhookSecret: stripeWebhookSecret,
      connectWebhookSecret: stripeConnectWebhookSecret,
      api: () => {
        const { hostname, port } = new URL(selfOrigin());
        return { host: hostname.replace(/^\[|\]$/g, ''), port: Number(port), protocol: 'http' };
      },
    });
    const checkout = wing!.checkoutStandIn({
      db,
      secretKey: stripeSecretKey,
      webhookSecret: stripeWebhookSecret,
      webhookUrl: () => `${selfOrigin()}/api/payment/webhook`,
      connectWebhookSecret: stripeConnectWebhookSecret,
      connectWebhookUrl: () => `${selfOrigin()}/api/payment/connect-webhook`,
      clock,
      logger,
      publicOrigin: new URL(config.publicUrl).origin,
      demoMode: config.demoMode,
      settlementCurrency: config.settlementCurrency,
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
    standIns.use(ECB_STANDIN_PATH, wing!.ecbStandInRouter());
    rates = createEcbRates('stand-in', () => selfOrigin() + ECB_STANDIN_PATH + wing!.ECB_DAILY_FILE_PATH);
  }

  return {
    mailer,
    photos: createPhotoService({ unsplashAccessKey: config.unsplashAccessKey, clock }),
    pms,
    payments,
    configuredHotelTokens,
    rates,
    standIns: {
      router: anyStandIn ? standIns : undefined,
      start: () => {
        const stops = background.map((start) => start());
        return async () => {
          await Promise.all(stops.map((stop) => stop()));
        };
      },
      signInPage: wing?.devSignInPage,
      whenHotelsJoin,
    },
  };
}

/**
 * Demo sellers and their stays belong to the demo hotel system: a database behind a real PMS starts empty.
 * Seeds an empty database only; says how many listings it added.
 */
export async function seedStandInData({ config, database }: Pick<AdapterDeps, 'config' | 'database'>) {
  return config.pms.mode === 'demo' ? (await loadStandInWing()).seedDemoData(database.db) : { listings: 0 };
}

/** `npm run db:seed`: replaces every listing and sale with the demo set, so only behind the demo hotel system. */
export async function resetStandInData({ config, database }: Pick<AdapterDeps, 'config' | 'database'>) {
  if (config.pms.mode !== 'demo')
    throw new Error(
      'db:seed replaces all data with demo data: it runs only with the demo hotel system (no MEWS_* set).',
    );
  return (await loadStandInWing()).resetDemoData(database.db);
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
