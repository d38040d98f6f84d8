import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { startBackgroundLoop, type BackgroundLoop } from '../background-loop.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';

const DAY_MS = 24 * 60 * 60_000;
/** Pruning is housekeeping: once an hour keeps the table within an hour of the retention period. */
const PRUNE_EVERY_MS = 60 * 60_000;
/** Rows deleted per statement, so a first prune of a large table never holds a long transaction. */
const BATCH = 1_000;

/**
 * Deletes the done jobs that finished more than `retentionDays` ago, a batch at a time; answers how many. Failed
 * jobs stay until an operator retries them, pending and running ones are work still to do. A job enqueued once
 * ever (by its key) can be enqueued again after its row is pruned: what it guarded (a provider event, an
 * order's transfer) is recorded in its own table by then, and every handler is guarded by that state.
 */
export async function pruneDoneJobs(db: Kysely<Database>, now: Date, retentionDays: number): Promise<number> {
  const before = new Date(now.getTime() - retentionDays * DAY_MS);
  let pruned = 0;
  for (;;) {
    const batch = db
      .selectFrom('jobs')
      .select('id')
      .where('state', '=', 'done')
      .where('finished_at', '<', before)
      .limit(BATCH);
    const result = await db.deleteFrom('jobs').where('id', 'in', batch).executeTakeFirst();
    const deleted = Number(result.numDeletedRows);
    pruned += deleted;
    if (deleted < BATCH) return pruned;
  }
}

/** Prunes done jobs now and every hour (JOBS_RETENTION_DAYS); returns the loop's stop. */
export function startJobPruning(deps: {
  db: Kysely<Database>;
  clock: Clock;
  logger: Logger;
  retentionDays: number;
}): BackgroundLoop {
  return startBackgroundLoop(
    async () => {
      const pruned = await pruneDoneJobs(deps.db, deps.clock(), deps.retentionDays);
      if (pruned) deps.logger.info({ pruned, retentionDays: deps.retentionDays }, 'done jobs pruned');
    },
    PRUNE_EVERY_MS,
    (error) => deps.logger.warn({ err: error }, 'pruning done jobs failed; trying again in an hour'),
    { quietThroughOutages: { logger: deps.logger, what: 'pruning done jobs' } },
  );
}
