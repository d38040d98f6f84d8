import path from 'node:path';
import { createAdapters, describeAdapters, seedStandInData } from './adapters.ts';
import { alertDeps } from './alerts/deps.ts';
import { registerAlertJobs } from './alerts/jobs.ts';
import { hotelDeps } from './hotels/deps.ts';
import { importConfiguredHotels } from './hotels/hotel-tokens.ts';
import { registerHotelJobs } from './hotels/jobs.ts';
import { createApp } from './app.ts';
import { systemClock } from './clock.ts';
import { createSelfOrigin } from './http/self-origin.ts';
import { answerUnparseableRequests } from './http/unparseable-requests.ts';
import { buyingDeps } from './payments/deps.ts';
import { JobRegistry } from './jobs/registry.ts';
import { startJobPruning } from './jobs/prune.ts';
import { startJobWorker, takeOverJobsOfEndedProcesses } from './jobs/worker.ts';
import { registerBuyingJobs } from './buying-jobs.ts';
import { startHoldSweep } from './payments/payment-jobs.ts';
import { startHotelDirectorySync, startSellingJobs } from './selling/jobs.ts';
import { startRatesRefresh } from './rates/jobs.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import type { Logger } from 'pino';
import { pageRendererIn } from './seo/page-renderer.ts';
import { startUpSteps } from './system/start-up.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import { settlementCurrencyMismatch } from './payments/settlement-currency-check.ts';
import type { Payments } from './payments/stripe/payments.ts';

const SHUTDOWN_GRACE_MS = 10_000;
/**
 * The background work no page waits for (the job worker, the sweeps, the hotels' directory sync) starts this long
 * after the server listens. Each loop runs a first round at once, about ten queries in all; on the embedded
 * database's one session they queued ahead of the first requests, and a warm start answered its first request
 * 100-200 ms later.
 */
const BACKGROUND_WORK_STARTS_AFTER_MS = 1_000;
/** The configured hotels' import is tried again this often while it fails (the database briefly out of reach). */
const HOTEL_IMPORT_RETRY_MS = 2_000;

/**
 * Everything from the database's handle on: the adapters and the app (built while an embedded database is still
 * opening), then, once it is open, migrations, the demo data, listening and the background loops, and a graceful
 * shutdown. Loaded by start-server.ts while the database starts.
 */
export async function serve(
  config: Config,
  logger: Logger,
  { database, opened }: { database: DatabaseHandle; opened: Promise<void> },
) {
  const selfOrigin = createSelfOrigin();
  const adapters = await createAdapters({ config, database, logger, clock: systemClock, selfOrigin });
  logger.info(describeAdapters(config, adapters), 'adapters chosen');
  if (config.payments.mode === 'stripe') await checkSettlementCurrency(config, adapters.payments, logger);
  const renderPage = pageRendererIn(path.resolve('dist/ssr'));
  const webRoot = path.resolve('dist/web');
  // The demo PMS is this very server, so its hotels join only after it listens: until then, and until the
  // migrations and the demo seed are done, /api/health and the API answer 503 "starting up" (ADR 0076).
  const hotelsJoining = config.pms.mode === 'demo' ? 'demo_hotels' : 'configured_hotels';
  const startUp = startUpSteps(['migrations', 'demo_seed', hotelsJoining]);
  const app = createApp({ config, database, logger, clock: systemClock, adapters, webRoot, renderPage, startUp });
  loadFetch();

  await opened;
  const applied = await migrate(database);
  if (applied.length) logger.info({ applied }, 'migrations applied');
  startUp.done('migrations');
  const seeded = await seedStandInData({ config, database });
  if (seeded.listings) logger.info(seeded, 'demo data seeded into the empty database');
  startUp.done('demo_seed');

  // The embedded database's directory is locked to this process: a job still running was cut short by a crash.
  if (database.kind === 'pglite') {
    const resumed = await takeOverJobsOfEndedProcesses({ db: database.db, clock: systemClock });
    if (resumed) logger.warn({ jobs: resumed }, 'jobs cut short by an earlier process run again now');
  }

  const jobs: (() => Promise<void>)[] = [];
  const buying = buyingDeps({ database, clock: systemClock, adapters, config, logger });
  const hotels = hotelDeps({ database, clock: systemClock, adapters, config, logger });
  /** What pages show at once: the configured hotels, the demo hotels' policies, today's exchange rates. */
  const startWhatPagesShow = () => {
    // The configured hotels become rows of their own once the PMS answers (the demo PMS is this very server),
    // the demo hotels with their published policy in the same transaction.
    const importOnce = () =>
      importConfiguredHotels(
        { ...hotels, pms: adapters.pms, whenHotelsJoin: adapters.standIns.whenHotelsJoin },
        adapters.configuredHotelTokens,
      );
    const importing = importUntilDone(importOnce, logger, () => stopping).then(
      (done) => done && startUp.done(hotelsJoining),
    );
    jobs.push(
      // Stopping waits for the import too: it calls the PMS, which may be the demo PMS this server serves.
      () => importing.then(() => undefined),
      adapters.standIns.start(),
      startRatesRefresh({ db: database.db, rates: adapters.rates, clock: systemClock, logger }),
    );
  };
  const startBackgroundWork = () => {
    // Every domain registers its job kinds here; one worker runs them all (server/jobs/README.md).
    const registry = registerBuyingJobs(new JobRegistry(), buying);
    registerAlertJobs(registry, alertDeps({ database, clock: systemClock, adapters, config, logger }));
    registerHotelJobs(registry, hotels);
    jobs.push(
      startSellingJobs({ db: database.db, clock: systemClock, logger }),
      startHotelDirectorySync({ pms: adapters.pms, clock: systemClock, logger }),
      startHoldSweep(buying),
      startJobWorker({ db: database.db, clock: systemClock, logger, registry, notices: database }),
      startJobPruning({ db: database.db, clock: systemClock, logger, retentionDays: config.jobs.retentionDays }),
    );
  };
  let backgroundWorkStarting: NodeJS.Timeout | undefined;
  const server = app.listen(config.port, config.host, () => {
    selfOrigin.listeningOn(server.address());
    startWhatPagesShow();
    backgroundWorkStarting = setTimeout(startBackgroundWork, BACKGROUND_WORK_STARTS_AFTER_MS);
    logger.info({ url: config.publicUrl, database: database.kind }, 'Restay is listening');
  });
  answerUnparseableRequests(server);
  server.on('error', (error) => {
    console.error(`Restay could not listen on ${config.host}:${config.port}: ${error.message}`);
    process.exit(1);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    clearTimeout(backgroundWorkStarting);
    // Each background loop ends its round at the next step; the server keeps answering until then, because
    // a round may be calling the stand-ins this very server serves (the demo PMS, the test checkout). Then the
    // server closes, and the database last, after the server's requests.
    const loopsStopped = Promise.all(jobs.map((stop) => stop()));
    const serverClosed = loopsStopped.then(
      () =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
        }),
    );
    serverClosed
      .then(() => database.close())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

/**
 * Imports the configured hotels; an import that fails as a whole (the database out of reach; a hotel whose system
 * does not answer is not a failure, its token is used meanwhile) is tried again until it is done or the server
 * stops. Answers whether it was done: the server is not ready before.
 */
async function importUntilDone(
  importOnce: () => Promise<{ imported: number; failed: number }>,
  logger: Logger,
  stopping: () => boolean,
): Promise<boolean> {
  for (;;) {
    try {
      const imported = await importOnce();
      if (imported.imported) logger.info(imported, 'configured hotels imported');
      return true;
    } catch (error) {
      logger.warn({ err: error }, 'configured hotels could not be imported; trying again');
    }
    if (stopping()) return false;
    await sleep(HOTEL_IMPORT_RETRY_MS);
  }
}

/**
 * Node loads its fetch on first use: 40-80 ms of this thread on 2 cores. That first use was the start's own calls
 * right after listening (the hotels' import, the rates), and the first requests waited behind it. Reading one of
 * its globals loads it now, while the database opens.
 */
function loadFetch() {
  void globalThis.Response;
}

/**
 * Refuses to start, in one line, when Stripe's platform account keeps its balance in another currency than
 * STRIPE_SETTLEMENT_CURRENCY (every payout would be refused). Stripe not answering does not stop a start: the
 * log says the currency went unchecked.
 */
async function checkSettlementCurrency(config: Config, payments: Payments, logger: Logger) {
  let mismatch: string | null;
  try {
    mismatch = await settlementCurrencyMismatch(payments, config.settlementCurrency);
  } catch (error) {
    logger.warn(
      { err: error },
      "the Stripe account's default currency could not be read: STRIPE_SETTLEMENT_CURRENCY is unchecked",
    );
    return;
  }
  if (mismatch) throw new Error(mismatch);
}
