import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import { startBackgroundLoop } from '../background-loop.ts';
import type { Clock } from '../clock.ts';
import type { DatabaseHandle } from '../db/client.ts';
import type { Database, JobRow } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { JobCannotSucceed, JobTimedOut, RetryJobLater } from './errors.ts';
import { JobLeaseLost, type JobLease } from './lease.ts';
import type { JobRegistry, RegisteredKind } from './registry.ts';

export interface JobWorkerDeps {
  db: Kysely<Database>;
  clock: Clock;
  logger: Logger;
  registry: JobRegistry;
  /** Names this worker's leases; one per process is enough. */
  workerId?: string;
  /**
   * The database's notifications: with it, a job enqueued (any kind, by any instance) wakes the worker when its
   * transaction commits (server/db/migrations/0060_jobs_wake_workers.sql) instead of at the next poll.
   */
  notices?: Pick<DatabaseHandle, 'listen'>;
}

/** The channel the `jobs` table's insert trigger notifies. */
export const JOBS_CHANNEL = 'restay_jobs';

/**
 * Polling is the safety net: it finds jobs whose time came (a retry's back-off, a scheduled payout), and any
 * whose notification was lost (a listening connection dropped). Looking costs one indexed query per instance
 * per second when nothing is due.
 */
const DEFAULT_INTERVAL_MS = 1_000;

/**
 * Jobs one worker runs at once. Most of a job's time is spent waiting on a provider (the hotel's system, the
 * payment provider, SMTP), so a burst of sales would otherwise queue each transfer behind every earlier sale's
 * transfer and emails. Each slot claims its own job (SKIP LOCKED), as separate instances would.
 */
const DEFAULT_CONCURRENCY = 4;
export const defaultWorkerId = () => `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/**
 * Claims one due job of a kind this worker knows: a pending one whose time has come, or a running one whose
 * worker let its lease lapse (it died mid-job); urgent kinds first, then the longest due. FOR UPDATE SKIP
 * LOCKED: two workers never claim the same row, and the claim (state, attempt, lease) commits before the work
 * starts, so the lease is per job, not per batch. Each claim is the lease's next generation: the run's fencing
 * token (server/jobs/lease.ts).
 */
export async function claimNextJob(deps: JobWorkerDeps, workerId: string): Promise<JobRow | undefined> {
  const kinds = deps.registry.names();
  if (!kinds.length) return undefined;
  return inTransaction(deps.db, async (trx) => {
    const now = deps.clock();
    const due = await trx
      .selectFrom('jobs')
      .select(['id', 'kind'])
      .where('kind', 'in', kinds)
      .where((eb) =>
        eb.or([
          eb.and([eb('state', '=', 'pending'), eb('run_at', '<=', now)]),
          eb.and([eb('state', '=', 'running'), eb('locked_until', '<=', now)]),
        ]),
      )
      .orderBy('priority', 'desc')
      .orderBy('run_at')
      .orderBy('id')
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!due) return undefined;
    const { leaseMs } = deps.registry.get(due.kind)!;
    return trx
      .updateTable('jobs')
      .set({
        state: 'running',
        attempts: sql<number>`attempts + 1`,
        lease: sql<number>`lease + 1`,
        locked_until: new Date(now.getTime() + leaseMs),
        locked_by: workerId,
        updated_at: now,
      })
      .where('id', '=', due.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

/**
 * Ends the lease of every running job, so the worker takes them at once. Only for a database no other process
 * can have open (the embedded one: its directory is locked to this process): a job still running there was cut
 * short by an earlier process that ended without finishing it (a crash), and its lease has nobody to protect.
 * Answers how many jobs it freed.
 */
export async function takeOverJobsOfEndedProcesses(deps: Pick<JobWorkerDeps, 'db' | 'clock'>): Promise<number> {
  const now = deps.clock();
  const result = await deps.db
    .updateTable('jobs')
    .set({ locked_until: now, updated_at: now })
    .where('state', '=', 'running')
    .where('locked_until', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Runs a claimed job within its kind's time limit and records how it went, only while this run still holds its
 * lease. A run past the limit is given up (its signal aborted) and counted as a failed attempt; whatever it
 * still tries to record afterwards is refused by its lease (holdJobLease).
 */
export async function runClaimedJob(deps: JobWorkerDeps, job: JobRow): Promise<void> {
  const kind = deps.registry.get(job.kind)!;
  const lease: JobLease = { jobId: job.id, generation: job.lease };
  const stopHeartbeat = keepLease(deps, job, kind.leaseMs);
  try {
    const payload = kind.type.payload.safeParse(job.payload);
    if (!payload.success) throw new JobCannotSucceed(`The payload of job ${job.id} is not a ${job.kind} payload`);
    await withinTimeLimit(kind.timeoutMs, job.kind, (signal) =>
      kind.run(payload.data, {
        job,
        attempt: job.attempts,
        lastAttempt: job.attempts >= kind.maxAttempts,
        lease,
        signal,
      }),
    );
    await settle(deps, job, { state: 'done', last_error: null });
  } catch (error) {
    // Another run holds the job now: it records the outcome, this one nothing.
    if (error instanceof JobLeaseLost) deps.logger.warn({ jobId: job.id, kind: job.kind }, error.message);
    else await failed(deps, job, kind, error);
  } finally {
    stopHeartbeat();
  }
}

/** Runs `work` with a signal aborted after `timeoutMs`, and gives it up then with a JobTimedOut. */
async function withinTimeLimit(
  timeoutMs: number,
  kind: string,
  work: (signal: AbortSignal) => Promise<void>,
): Promise<void> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const error = new JobTimedOut(kind, timeoutMs);
      controller.abort(error);
      reject(error);
    }, timeoutMs);
  });
  try {
    await Promise.race([work(controller.signal), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

async function failed(deps: JobWorkerDeps, job: JobRow, kind: RegisteredKind, error: unknown): Promise<void> {
  const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 1_000);
  const context = { err: error, jobId: job.id, kind: job.kind, key: job.key, attempt: job.attempts };
  if (error instanceof JobCannotSucceed || job.attempts >= kind.maxAttempts) {
    deps.logger.error({ ...context, maxAttempts: kind.maxAttempts }, 'job failed for good');
    await settle(deps, job, { state: 'failed', last_error: lastError });
    return;
  }
  const delay =
    error instanceof RetryJobLater
      ? error.retryAfterMs
      : Math.min(kind.maxBackoffMs, kind.backoffMs * 2 ** (job.attempts - 1));
  deps.logger.warn({ ...context, retryInMs: delay }, 'job attempt failed; it will be retried');
  await settle(deps, job, {
    state: 'pending',
    last_error: lastError,
    run_at: new Date(deps.clock().getTime() + delay),
  });
}

/** Records a run's outcome, only if its lease is still the job's current one (no other run took it over). */
async function settle(
  deps: JobWorkerDeps,
  job: JobRow,
  outcome: { state: 'done' | 'failed' | 'pending'; last_error: string | null; run_at?: Date },
) {
  const now = deps.clock();
  const result = await deps.db
    .updateTable('jobs')
    .set({
      ...outcome,
      locked_until: null,
      locked_by: null,
      updated_at: now,
      finished_at: outcome.state === 'pending' ? null : now,
    })
    .where('id', '=', job.id)
    .where('state', '=', 'running')
    .where('lease', '=', job.lease)
    .executeTakeFirst();
  if (!result.numUpdatedRows) {
    deps.logger.warn({ jobId: job.id, kind: job.kind }, 'job lease was lost before its outcome was recorded');
  }
}

/** Extends the lease while the handler works, so a slow provider never lets another worker take the job. */
function keepLease(deps: JobWorkerDeps, job: JobRow, leaseMs: number): () => void {
  const timer = setInterval(
    () => {
      deps.db
        .updateTable('jobs')
        .set({ locked_until: new Date(deps.clock().getTime() + leaseMs) })
        .where('id', '=', job.id)
        .where('state', '=', 'running')
        .where('lease', '=', job.lease)
        .execute()
        .catch((error: unknown) => deps.logger.warn({ err: error, jobId: job.id }, 'extending a job lease failed'));
    },
    Math.max(1_000, Math.floor(leaseMs / 3)),
  );
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Runs due jobs one at a time until none is due, `limit` ran or `stopping` fires (at shutdown the job in hand
 * finishes; the rest wait for the next start). Returns how many ran.
 */
export async function runDueJobs(
  deps: JobWorkerDeps,
  { limit = 200, stopping }: { limit?: number; stopping?: AbortSignal } = {},
): Promise<number> {
  const workerId = deps.workerId ?? defaultWorkerId();
  let ran = 0;
  while (ran < limit && !stopping?.aborted) {
    const job = await claimNextJob(deps, workerId);
    if (!job) break;
    await runClaimedJob(deps, job);
    ran += 1;
  }
  return ran;
}

/**
 * Runs due jobs now, whenever a job is enqueued (with `deps.notices`) and every `intervalMs`, one round at a
 * time, up to `concurrency` jobs at once. Returns a stop function that waits for the job in progress to finish (a job cut short would run again
 * after its lease, which is safe but slower); its `listening` settles once notifications wake the worker (false
 * when they cannot: it polls).
 */
export function startJobWorker(
  deps: JobWorkerDeps,
  { intervalMs = DEFAULT_INTERVAL_MS, concurrency = DEFAULT_CONCURRENCY } = {},
): (() => Promise<void>) & { listening: Promise<boolean> } {
  const worker = { ...deps, workerId: deps.workerId ?? defaultWorkerId() };
  const slots = Array.from({ length: concurrency });
  const loop = startBackgroundLoop(
    async (stopping) => {
      await Promise.all(slots.map(() => runDueJobs(worker, { limit: 50, stopping })));
    },
    intervalMs,
    (error) => deps.logger.error({ err: error }, 'the job worker failed'),
    { quietThroughOutages: { logger: deps.logger, what: 'the job worker' } },
  );
  const unlisten = deps.notices?.listen(JOBS_CHANNEL, loop.wake).catch((error: unknown) => {
    deps.logger.warn({ err: error }, 'job notifications are unavailable; the worker polls for jobs');
    return undefined;
  });
  const stop = async () => {
    await (
      await unlisten
    )?.();
    await loop();
  };
  return Object.assign(stop, { listening: (unlisten ?? Promise.resolve()).then(Boolean) });
}
