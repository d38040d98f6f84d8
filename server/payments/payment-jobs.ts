import { sql } from 'kysely';
import { inTransaction } from '../db/transaction.ts';
import type { BuyingDeps } from './deps.ts';
import { performPaymentJob } from './job-handlers.ts';
import { endHold } from './release-hold.ts';

/** A claimed job is someone's for this long; a worker that dies mid-job leaves it to another after that. */
const LEASE_MS = 5 * 60_000;
const BATCH = 20;
const MAX_BACKOFF_MS = 60 * 60_000;
const DEFAULT_INTERVAL_MS = 10_000;

/**
 * Claims due jobs (FOR UPDATE SKIP LOCKED, so several instances never take the same one) by pushing their next
 * attempt past a lease, commits, then does them outside any transaction. Done jobs are marked; a failed one
 * is retried later with a growing delay.
 */
export async function runDueJobs(deps: BuyingDeps): Promise<number> {
  let total = 0;
  for (;;) {
    const now = deps.clock();
    const claimed = await inTransaction(deps.db, (trx) =>
      trx
        .updateTable('payment_jobs')
        .set({ attempts: sql<number>`attempts + 1`, next_attempt_at: new Date(now.getTime() + LEASE_MS) })
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('payment_jobs')
            .select('id')
            .where('done_at', 'is', null)
            .where('next_attempt_at', '<=', now)
            .orderBy('next_attempt_at')
            .orderBy('id')
            .limit(BATCH)
            .forUpdate()
            .skipLocked(),
        )
        .returningAll()
        .execute(),
    );
    for (const job of claimed) {
      try {
        await performPaymentJob(deps, job);
        await deps.db
          .updateTable('payment_jobs')
          .set({ done_at: deps.clock(), last_error: null })
          .where('id', '=', job.id)
          .execute();
      } catch (error) {
        deps.logger.error({ err: error, jobId: job.id, kind: job.kind, orderId: job.order_id }, 'payment job failed');
        const delay = Math.min(MAX_BACKOFF_MS, 30_000 * 2 ** (job.attempts - 1));
        await deps.db
          .updateTable('payment_jobs')
          .set({
            last_error: String((error as Error).message ?? error).slice(0, 500),
            next_attempt_at: new Date(deps.clock().getTime() + delay),
          })
          .where('id', '=', job.id)
          .execute();
      }
    }
    total += claimed.length;
    if (claimed.length < BATCH) return total;
  }
}

/**
 * Ends holds nobody released (the buyer closed the tab, the expired event was lost): expired at the provider
 * first, then released, or recorded as a sale if the provider says the buyer paid. Safe on several instances:
 * each release is guarded by the order's state.
 */
export async function sweepLapsedHolds(deps: BuyingDeps): Promise<number> {
  const lapsed = await deps.db
    .selectFrom('orders')
    .selectAll()
    .where('state', '=', 'open')
    .where('hold_expires_at', '<=', deps.clock())
    .orderBy('hold_expires_at')
    .limit(100)
    .execute();
  for (const order of lapsed) {
    try {
      await endHold(deps, order, 'expired', 'hold expired');
    } catch (error) {
      // The provider may be unreachable: the next sweep tries again.
      deps.logger.error({ err: error, orderId: order.id }, 'releasing a lapsed hold failed');
    }
  }
  return lapsed.length;
}

/** One round of periodic payment work: lapsed holds first (they may queue refunds), then due jobs. */
export async function runPaymentWork(deps: BuyingDeps) {
  const released = await sweepLapsedHolds(deps);
  const jobs = await runDueJobs(deps);
  return { released, jobs };
}

/**
 * Runs the payment work now and every `intervalMs`, one round at a time. Returns a stop function that waits for
 * a round in progress to finish.
 */
export function startPaymentJobs(deps: BuyingDeps, { intervalMs = DEFAULT_INTERVAL_MS } = {}): () => Promise<void> {
  let running: Promise<unknown> | undefined;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = runPaymentWork(deps)
      .catch((error: unknown) => deps.logger.error({ err: error }, 'payment work failed'))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
