import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { startBackgroundLoop } from '../background-loop.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import type { RatesSource } from './rates-source.ts';
import { ratesStanding } from './rates-age.ts';
import { refreshRates } from './refresh-rates.ts';

/**
 * The ECB publishes once a working day (around 16:00 CET); reading every 6 hours takes each day's rates within a
 * few hours of it, and a failed read is tried again soon instead of a whole day later.
 */
const RATES_REFRESH_EVERY_MS = 6 * 60 * 60_000;

/** The first retry of a failed read; each later one waits twice as long, up to the regular 6 hours. */
const FIRST_RETRY_MS = 60_000;

/**
 * Refreshes the exchange rates now and then every 6 hours; safe on every instance at once. A failed read is
 * tried again after a minute, then two, four... (a fresh database has no rates until one succeeds: searches
 * answer meanwhile, without estimates in other currencies).
 */
export function startRatesRefresh(
  deps: { db: Kysely<Database>; rates: RatesSource; clock: Clock; logger: Logger },
  { firstRetryMs = FIRST_RETRY_MS } = {},
) {
  let retryMs = firstRetryMs;
  let retry: NodeJS.Timeout | undefined;
  const loop = startBackgroundLoop(
    async () => {
      clearTimeout(retry);
      try {
        const refreshed = await refreshRates(deps.db, deps.rates, deps.clock());
        retryMs = firstRetryMs;
        if (refreshed.changed) deps.logger.info({ ...refreshed, source: deps.rates.kind }, 'exchange rates refreshed');
      } finally {
        await warnIfStale(deps);
      }
    },
    RATES_REFRESH_EVERY_MS,
    (error) => {
      // Searches keep the last rates stored: prices stay comparable, only a little out of date.
      deps.logger.error({ err: error, retryInMs: retryMs }, 'exchange rates refresh failed');
      retry = setTimeout(loop.wake, retryMs).unref();
      retryMs = Math.min(retryMs * 2, RATES_REFRESH_EVERY_MS);
    },
  );
  return Object.assign(
    async () => {
      clearTimeout(retry);
      await loop();
    },
    { wake: loop.wake },
  );
}

/**
 * Every estimate a page shows is dated, but an operator should hear of old rates before a visitor notices. The
 * stand-in serves a copy shipped with the code, old by design (its age shows on /api/health and beside every
 * estimate): only a real source gone quiet is news for an operator.
 */
async function warnIfStale(deps: { db: Kysely<Database>; clock: Clock; logger: Logger; rates: RatesSource }) {
  if (deps.rates.kind !== 'ecb') return;
  const standing = await ratesStanding(deps.db, deps.clock());
  if (standing.stale)
    deps.logger.warn(
      { date: standing.date, source: deps.rates.kind },
      'exchange rates are older than two working days: estimates and filters use them as they are',
    );
}
