import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { startBackgroundLoop } from '../background-loop.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { expireStartedListings } from '../listings/expire-listings.ts';
import type { Pms } from './pms/pms.ts';

const EXPIRY_SWEEP_EVERY_MS = 60_000;
/** New bookings reach the hotel directory within this long; until then they are found by asking every hotel. */
const DIRECTORY_SYNC_EVERY_MS = 10 * 60_000;
/** The first round waits until start-up is over: a thousand hotels' calls never slow a start or a quick stop. */
const DIRECTORY_SYNC_FIRST_AFTER_MS = 60_000;

/**
 * Starts selling's periodic work: expiring listings whose check-in has passed, once now and then every minute.
 * The sweep is safe on every instance at once. Returns a stop that waits for a sweep in progress.
 */
export function startSellingJobs(
  deps: { db: Kysely<Database>; clock: Clock; logger: Logger },
  everyMs = EXPIRY_SWEEP_EVERY_MS,
) {
  return startBackgroundLoop(
    async () => {
      const expired = await expireStartedListings(deps);
      if (expired) deps.logger.info({ expired }, 'listings whose check-in has passed expired');
    },
    everyMs,
    (error) => deps.logger.error({ err: error }, 'listing expiry sweep failed'),
    { quietThroughOutages: { logger: deps.logger, what: 'the listing expiry sweep' } },
  );
}

/**
 * Keeps the hotel directory current: which connected hotel holds each confirmation number, learned a minute
 * after start and every ten minutes, so a seller's import asks one hotel. Instances share each round's hotels. Returns a stop
 * that ends a round in progress after the hotel in hand.
 */
export function startHotelDirectorySync(
  deps: { pms: Pms; clock: Clock; logger: Logger },
  everyMs = DIRECTORY_SYNC_EVERY_MS,
) {
  const { pms } = deps;
  if (!pms.syncDirectory) return async () => {};
  return startBackgroundLoop(
    async (stopping) => {
      const synced = await pms.syncDirectory!(deps.clock(), stopping);
      if (synced.hotels || synced.failed) deps.logger.info(synced, 'hotel directory synced');
    },
    everyMs,
    (error) => deps.logger.error({ err: error }, 'hotel directory sync failed'),
    {
      firstAfterMs: DIRECTORY_SYNC_FIRST_AFTER_MS,
      quietThroughOutages: { logger: deps.logger, what: 'the hotel directory sync' },
    },
  );
}
