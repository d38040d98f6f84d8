import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { startBackgroundLoop } from '../background-loop.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { expireStartedListings } from '../listings/expire-listings.ts';

const EXPIRY_SWEEP_EVERY_MS = 60_000;

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
      const expired = await expireStartedListings(deps.db, deps.clock);
      if (expired) deps.logger.info({ expired }, 'listings whose check-in has passed expired');
    },
    everyMs,
    (error) => deps.logger.error({ err: error }, 'listing expiry sweep failed'),
  );
}
