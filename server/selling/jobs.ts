import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { expireStartedListings } from '../listings/expire-listings.ts';

const EXPIRY_SWEEP_EVERY_MS = 60_000;

/**
 * Starts selling's periodic work: expiring listings whose check-in has passed, once now and then every minute.
 * The timer does not keep the process alive, and the sweep is safe on every instance at once. Returns a stop.
 */
export function startSellingJobs(deps: { db: Kysely<Database>; clock: Clock; logger: Logger }, everyMs = EXPIRY_SWEEP_EVERY_MS) {
  const sweep = () => {
    expireStartedListings(deps.db, deps.clock).then(
      (expired) => {
        if (expired) deps.logger.info({ expired }, 'listings whose check-in has passed expired');
      },
      (error: unknown) => deps.logger.error({ err: error }, 'listing expiry sweep failed'),
    );
  };
  sweep();
  const timer = setInterval(sweep, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
