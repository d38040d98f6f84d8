import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listFailedJobs, retryFailedJob } from '../../server/jobs/admin.ts';
import { enqueueJob, enqueuePendingJob } from '../../server/jobs/enqueue.ts';
import { inTransaction } from '../../server/db/transaction.ts';
import { JobCannotSucceed, RetryJobLater } from '../../server/jobs/errors.ts';
import { defineJobType } from '../../server/jobs/job-type.ts';
import { holdJobLease } from '../../server/jobs/lease.ts';
import { pruneDoneJobs, startJobPruning } from '../../server/jobs/prune.ts';
import { JobRegistry, type JobAttempt } from '../../server/jobs/registry.ts';
import {
  claimNextJob,
  runClaimedJob,
  runDueJobs,
  startJobWorker,
  takeOverJobsOfEndedProcesses,
  type JobWorkerDeps,
} from '../../server/jobs/worker.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

type Handle = Awaited<ReturnType<typeof createTestDatabase>>;
let database: Handle;
let now: Date;
const clock = () => now;
const DAY = 24 * 3_600_000;
const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

/** Error logs the worker wrote, so a job failing for good is seen to be logged as an error. */
const errorLogs: Record<string, unknown>[] = [];
const logger = pino({ level: 'warn' }, { write: (line: string) => void errorLogs.push(JSON.parse(line)) });

const ECHO = defineJobType('test.echo', z.object({ value: z.string() }));
const SLOW = defineJobType('test.slow', z.object({ value: z.string() }));
const URGENT = defineJobType('test.urgent', z.object({ value: z.string() }), { urgent: true });

beforeAll(async () => {
  database = await createTestDatabase();
  // What a handler records in its own transaction (a transfer made, a refund confirmed), behind its lease.
  await sql`CREATE TABLE job_results (job_key text NOT NULL, run text NOT NULL)`.execute(database.db);
});
afterAll(async () => {
  // Dropped again, so the next file's database is emptied instead of made again (tests/helpers/test-database.ts).
  await sql`DROP TABLE job_results`.execute(database.db);
  await database.dispose();
});
beforeEach(async () => {
  now = new Date('2026-05-01T10:00:00Z');
  errorLogs.length = 0;
  await database.db.deleteFrom('jobs').execute();
  await sql`DELETE FROM job_results`.execute(database.db);
});

/** Records a run's result the way money-moving handlers do: in a transaction that first checks its lease. */
const recordResult = (attempt: JobAttempt, run: string) =>
  inTransaction(database.db, async (trx) => {
    await holdJobLease(trx, attempt.lease);
    await sql`INSERT INTO job_results (job_key, run) VALUES (${attempt.job.key}, ${run})`.execute(trx);
  });
const results = async () =>
  (await sql<{ job_key: string; run: string }>`SELECT job_key, run FROM job_results`.execute(database.db)).rows;

const worker = (registry: JobRegistry, workerId = 'worker-a'): JobWorkerDeps => ({
  db: database.db,
  clock,
  logger,
  registry,
  workerId,
});
const jobRow = (key: string) =>
  database.db.selectFrom('jobs').selectAll().where('key', '=', key).executeTakeFirstOrThrow();

describe('durable jobs', () => {
  it('wakes the worker when an enqueueing transaction commits, not at its next poll, and never before', async () => {
    let ran!: (value: string) => void;
    let ranYet = false;
    const running = new Promise<string>((resolve) => (ran = resolve)).finally(() => (ranYet = true));
    const registry = new JobRegistry().register(ECHO, { maxAttempts: 3, run: async ({ value }) => ran(value) });
    // Polling alone would take a minute: only the notification can start the job within the test's time.
    const stop = startJobWorker({ ...worker(registry), notices: database }, { intervalMs: 60_000 });
    try {
      expect(await stop.listening).toBe(true);
      await inTransaction(database.db, async (trx) => {
        await enqueueJob(trx, ECHO, 'woken', { value: 'enqueued' }, now);
        // Still uncommitted: a worker woken now would not see the job, and the notification waits for COMMIT.
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(ranYet).toBe(false);
      });
      expect(await running).toBe('enqueued');
    } finally {
      await stop();
    }
  }, 20_000);

  it('runs several due jobs at once, so one waiting on a provider does not hold back the next', async () => {
    const started: string[] = [];
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const registry = new JobRegistry().register(SLOW, {
      maxAttempts: 3,
      run: async ({ value }) => {
        started.push(value);
        if (started.length === 2) release();
        await released;
      },
    });
    for (const key of ['first', 'second']) await enqueueJob(database.db, SLOW, key, { value: key }, now);
    const stop = startJobWorker(worker(registry), { intervalMs: 60_000, concurrency: 2 });
    try {
      await released;
      expect(started.sort()).toEqual(['first', 'second']);
    } finally {
      await stop();
    }
    expect((await jobRow('first')).state).toBe('done');
    expect((await jobRow('second')).state).toBe('done');
  }, 20_000);

  it('enqueues once per (kind, key) and runs the job once', async () => {
    const seen: string[] = [];
    const registry = new JobRegistry().register(ECHO, {
      maxAttempts: 3,
      run: async ({ value }) => void seen.push(value),
    });
    expect(await enqueueJob(database.db, ECHO, 'k1', { value: 'first' }, now)).toBe(true);
    expect(await enqueueJob(database.db, ECHO, 'k1', { value: 'second' }, now)).toBe(false);
    expect(await runDueJobs(worker(registry))).toBe(1);
    expect(await runDueJobs(worker(registry))).toBe(0);
    expect(seen).toEqual(['first']);
    expect(await jobRow('k1')).toMatchObject({ state: 'done', attempts: 1, finished_at: now, locked_by: null });
  });

  it('at shutdown finishes the job in hand and leaves the rest for the next start', async () => {
    const stopping = new AbortController();
    const seen: string[] = [];
    const registry = new JobRegistry().register(ECHO, {
      maxAttempts: 3,
      run: async ({ value }) => {
        seen.push(value);
        stopping.abort();
      },
    });
    for (const key of ['a', 'b', 'c']) await enqueueJob(database.db, ECHO, key, { value: key }, now);
    expect(await runDueJobs(worker(registry), { stopping: stopping.signal })).toBe(1);
    expect(seen).toHaveLength(1);
    expect(await runDueJobs(worker(registry))).toBe(2);
  });

  it('refuses a payload that is not the kind’s, and a kind that is not <domain>.<action>', async () => {
    await expect(enqueueJob(database.db, ECHO, 'bad', { value: 3 } as never, now)).rejects.toThrow();
    expect(() => defineJobType('nodots', z.object({}))).toThrow(/<domain>.<action>/);
    expect(() => new JobRegistry().register(ECHO, { maxAttempts: 0, run: async () => {} })).toThrow(/maxAttempts/);
  });

  it('backs off after a failure, doubling, and honours a retry-after the handler reports', async () => {
    let calls = 0;
    const registry = new JobRegistry().register(ECHO, {
      maxAttempts: 5,
      backoffMs: 10_000,
      run: async () => {
        calls += 1;
        if (calls === 1) throw new Error('boom');
        if (calls === 2) throw new Error('boom again');
        if (calls === 3) throw new RetryJobLater('rate limited', 120_000);
      },
    });
    await enqueueJob(database.db, ECHO, 'k', { value: 'x' }, now);
    await runDueJobs(worker(registry));
    expect(await jobRow('k')).toMatchObject({ state: 'pending', attempts: 1, last_error: 'boom' });
    expect((await jobRow('k')).run_at.getTime() - now.getTime()).toBe(10_000);
    advance(9_999);
    expect(await runDueJobs(worker(registry))).toBe(0);
    advance(1);
    await runDueJobs(worker(registry));
    expect((await jobRow('k')).run_at.getTime() - now.getTime()).toBe(20_000);
    advance(20_000);
    await runDueJobs(worker(registry));
    expect((await jobRow('k')).run_at.getTime() - now.getTime()).toBe(120_000);
    advance(120_000);
    await runDueJobs(worker(registry));
    expect(await jobRow('k')).toMatchObject({ state: 'done', attempts: 4, last_error: null });
  });

  it('fails a job that used up its attempts, logs it as an error, and an operator can run it again', async () => {
    let attempts: JobAttempt[] = [];
    let broken = true;
    const registry = new JobRegistry().register(ECHO, {
      maxAttempts: 2,
      backoffMs: 1_000,
      run: async (_payload, attempt) => {
        attempts.push(attempt);
        if (broken) throw new Error('still broken');
      },
    });
    await enqueueJob(database.db, ECHO, 'k', { value: 'x' }, now);
    await runDueJobs(worker(registry));
    advance(1_000);
    await runDueJobs(worker(registry));
    expect(attempts.map((a) => [a.attempt, a.lastAttempt])).toEqual([
      [1, false],
      [2, true],
    ]);
    const failed = await jobRow('k');
    expect(failed).toMatchObject({ state: 'failed', attempts: 2, last_error: 'still broken' });
    expect(errorLogs).toContainEqual(
      expect.objectContaining({ level: 50, msg: 'job failed for good', kind: 'test.echo', key: 'k' }),
    );
    advance(24 * 3_600_000);
    expect(await runDueJobs(worker(registry))).toBe(0);
    expect(await listFailedJobs(database.db)).toEqual([
      expect.objectContaining({ id: failed.id, kind: 'test.echo', key: 'k', last_error: 'still broken' }),
    ]);

    broken = false;
    attempts = [];
    expect(await retryFailedJob(database.db, failed.id, now)).toMatchObject({ id: failed.id });
    expect(await retryFailedJob(database.db, failed.id, now)).toBeUndefined();
    await runDueJobs(worker(registry));
    expect(await jobRow('k')).toMatchObject({ state: 'done', attempts: 1 });
    expect(await listFailedJobs(database.db)).toEqual([]);
    expect(await retryFailedJob(database.db, failed.id, now)).toBeUndefined();
  });

  it('fails at once a job that says it cannot succeed', async () => {
    const registry = new JobRegistry().register(ECHO, {
      maxAttempts: 10,
      run: async () => {
        throw new JobCannotSucceed('nothing to do it with');
      },
    });
    await enqueueJob(database.db, ECHO, 'k', { value: 'x' }, now);
    await runDueJobs(worker(registry));
    expect(await jobRow('k')).toMatchObject({ state: 'failed', attempts: 1 });
  });

  it('leaves kinds this worker does not know to a worker that does', async () => {
    await enqueueJob(database.db, SLOW, 'k', { value: 'x' }, now);
    const echoOnly = new JobRegistry().register(ECHO, { maxAttempts: 1, run: async () => {} });
    expect(await runDueJobs(worker(echoOnly))).toBe(0);
    expect((await jobRow('k')).state).toBe('pending');
  });

  it('gives one job to one worker at a time: a second worker skips it while the first holds its lease', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const runs: string[] = [];
    const registry = (name: string) =>
      new JobRegistry().register(SLOW, {
        maxAttempts: 3,
        leaseMs: 60_000,
        run: async () => {
          runs.push(name);
          await gate;
        },
      });
    await enqueueJob(database.db, SLOW, 'slow', { value: 'x' }, now);
    const first = runDueJobs(worker(registry('a'), 'worker-a'));
    await expect.poll(() => runs).toEqual(['a']);
    // The provider is slow: the second worker finds nothing to claim, at once or later within the lease.
    expect(await runDueJobs(worker(registry('b'), 'worker-b'))).toBe(0);
    advance(59_000);
    expect(await runDueJobs(worker(registry('b'), 'worker-b'))).toBe(0);
    release();
    await first;
    expect(runs).toEqual(['a']);
    expect(await jobRow('slow')).toMatchObject({ state: 'done', attempts: 1 });
  });

  it('claims an urgent job before every other one due, however long those have waited, then by time', async () => {
    const registry = new JobRegistry()
      .register(ECHO, { maxAttempts: 3, run: async () => {} })
      .register(URGENT, { maxAttempts: 3, run: async () => {} });
    await enqueueJob(database.db, ECHO, 'email-1', { value: 'x' }, new Date(now.getTime() - 60_000));
    await enqueueJob(database.db, ECHO, 'email-2', { value: 'x' }, new Date(now.getTime() - 30_000));
    await enqueueJob(database.db, URGENT, 'transfer-2', { value: 'x' }, now);
    await enqueueJob(database.db, URGENT, 'transfer-1', { value: 'x' }, new Date(now.getTime() - 1_000));
    // Not due yet: urgency does not bring a job forward in time.
    await enqueueJob(database.db, URGENT, 'later', { value: 'x' }, now, new Date(now.getTime() + 60_000));
    const claimed: string[] = [];
    for (let job = await claimNextJob(worker(registry), 'a'); job; job = await claimNextJob(worker(registry), 'a'))
      claimed.push(job.key);
    expect(claimed).toEqual(['transfer-1', 'transfer-2', 'email-1', 'email-2']);
  });

  it('takes over the job of a worker that died mid-job once its lease has passed, and the dead one cannot record', async () => {
    const runs: string[] = [];
    const registry = new JobRegistry().register(SLOW, {
      maxAttempts: 3,
      leaseMs: 60_000,
      run: async ({ value }) => void runs.push(value),
    });
    await enqueueJob(database.db, SLOW, 'k', { value: 'x' }, now);
    const dead = await claimNextJob(worker(registry, 'dead'), 'dead');
    expect(dead).toMatchObject({ state: 'running', locked_by: 'dead', attempts: 1 });
    expect(await runDueJobs(worker(registry, 'alive'))).toBe(0);
    advance(60_000);
    expect(await runDueJobs(worker(registry, 'alive'))).toBe(1);
    expect(await jobRow('k')).toMatchObject({ state: 'done', attempts: 2 });
    // The first worker comes back to life and finishes: its outcome is not recorded over the other's.
    await runClaimedJob(worker(registry, 'dead'), dead!);
    expect(await jobRow('k')).toMatchObject({ state: 'done', attempts: 2 });
    expect(runs).toEqual(['x', 'x']);
  });

  it('on a database only this process can open, takes over at start the jobs an ended process left running', async () => {
    const registry = new JobRegistry().register(SLOW, { maxAttempts: 3, leaseMs: 60_000, run: async () => {} });
    await enqueueJob(database.db, SLOW, 'cut-short', { value: 'x' }, now);
    await enqueueJob(database.db, SLOW, 'waiting', { value: 'y' }, now);
    await claimNextJob(worker(registry, 'crashed'), 'crashed');
    const before = await jobRow('waiting');

    expect(await takeOverJobsOfEndedProcesses({ db: database.db, clock })).toBe(1);
    expect(await takeOverJobsOfEndedProcesses({ db: database.db, clock })).toBe(0);
    expect(await jobRow('waiting')).toEqual(before);
    // No lease to wait out: the new process runs both now.
    expect(await runDueJobs(worker(registry, 'restarted'))).toBe(2);
    expect(await jobRow('cut-short')).toMatchObject({ state: 'done', attempts: 2 });
    expect(await jobRow('waiting')).toMatchObject({ state: 'done', attempts: 1 });
  });

  it('refuses the late result of a run that lost its lease mid-handler; the run that took the job over stands', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const registry = (name: string) =>
      new JobRegistry().register(SLOW, {
        maxAttempts: 3,
        leaseMs: 60_000,
        run: async (_payload, attempt) => {
          if (name === 'stalled') await gate;
          await recordResult(attempt, name);
        },
      });
    await enqueueJob(database.db, SLOW, 'transfer', { value: 'x' }, now);
    const stalled = runDueJobs(worker(registry('stalled'), 'worker-a'));
    await expect.poll(async () => (await jobRow('transfer')).state).toBe('running');
    // The first worker's provider call hangs past its lease: another worker takes the job and finishes it.
    advance(60_000);
    expect(await runDueJobs(worker(registry('second'), 'worker-b'))).toBe(1);
    expect(await jobRow('transfer')).toMatchObject({ state: 'done', lease: 2, locked_by: null });
    release();
    await stalled;
    // The stalled run's result was refused in its own transaction, and it did not record an outcome either.
    expect(await results()).toEqual([{ job_key: 'transfer', run: 'second' }]);
    expect(await jobRow('transfer')).toMatchObject({ state: 'done', lease: 2, attempts: 2 });
    expect(errorLogs).toContainEqual(
      expect.objectContaining({ level: 40, msg: expect.stringMatching(/lease 1 was lost/) }),
    );
  });

  it('gives up a run past its kind’s time limit, retries the job, and refuses what the given-up run records later', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let aborted: unknown;
    let late: Promise<void> | undefined;
    const registry = new JobRegistry().register(SLOW, {
      maxAttempts: 3,
      backoffMs: 1_000,
      timeoutMs: 200,
      run: async (_payload, attempt) => {
        attempt.signal.addEventListener('abort', () => (aborted = attempt.signal.reason));
        if (attempt.attempt === 1) {
          late = gate.then(() => recordResult(attempt, 'given up'));
          await late;
        } else await recordResult(attempt, 'retry');
      },
    });
    await enqueueJob(database.db, SLOW, 'k', { value: 'x' }, now);
    const started = Date.now();
    expect(await runDueJobs(worker(registry))).toBe(1);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(String(aborted)).toMatch(/longer than its limit of 0.2 s/);
    expect(await jobRow('k')).toMatchObject({
      state: 'pending',
      attempts: 1,
      last_error: expect.stringMatching(/limit/),
    });
    release();
    await expect(late).rejects.toThrow(/lease 1 was lost/);
    advance(1_000);
    expect(await runDueJobs(worker(registry))).toBe(1);
    expect(await jobRow('k')).toMatchObject({ state: 'done', attempts: 2 });
    expect(await results()).toEqual([{ job_key: 'k', run: 'retry' }]);
  });

  it('keeps one job of a kind waiting per thing; one running or retrying does not absorb the next', async () => {
    const seen: string[] = [];
    let fail = false;
    const registry = new JobRegistry().register(ECHO, {
      maxAttempts: 3,
      backoffMs: 1_000,
      run: async ({ value }) => {
        seen.push(value);
        if (fail) throw new Error('provider down');
      },
    });
    const waiting = () =>
      database.db.selectFrom('jobs').select(['key', 'attempts']).where('state', '=', 'pending').orderBy('id').execute();
    expect(await enqueuePendingJob(database.db, ECHO, 'order-1', { value: 'first' }, now)).toBe(true);
    advance(1);
    expect(await enqueuePendingJob(database.db, ECHO, 'order-1', { value: 'absorbed' }, now)).toBe(false);
    expect(await enqueuePendingJob(database.db, ECHO, 'order-2', { value: 'other thing' }, now)).toBe(true);
    expect(await waiting()).toEqual([
      { key: expect.stringMatching(/^order-1@2026-05-01T10:00:00.000Z:[0-9a-f]{8}$/), attempts: 0 },
      { key: expect.stringMatching(/^order-2@2026-05-01T10:00:00.001Z:[0-9a-f]{8}$/), attempts: 0 },
    ]);
    // Two transactions racing: the database keeps one waiting, whichever commits first.
    await database.db.deleteFrom('jobs').execute();
    const racing = await Promise.all(
      [1, 2].map((n) =>
        inTransaction(database.db, (trx) =>
          enqueuePendingJob(trx, ECHO, 'order-3', { value: `racer ${n}` }, new Date(now.getTime() + n)),
        ),
      ),
    );
    expect(racing.filter(Boolean)).toHaveLength(1);
    // Once it failed and waits to be retried, a new change queues a job of its own (the first read before it).
    fail = true;
    advance(10);
    expect(await runDueJobs(worker(registry))).toBe(1);
    expect(await enqueuePendingJob(database.db, ECHO, 'order-3', { value: 'after the failure' }, now)).toBe(true);
    expect((await waiting()).map((job) => job.attempts)).toEqual([1, 0]);
    expect(() => enqueuePendingJob(database.db, ECHO, 'a@b', { value: 'x' }, now)).toThrow(/cannot contain '@'/);
    expect(seen).toHaveLength(1);
  });

  it('prunes done jobs older than the retention period, and keeps failed, waiting and recent ones', async () => {
    const registry = new JobRegistry().register(ECHO, {
      maxAttempts: 1,
      run: async ({ value }) => {
        if (value === 'broken') throw new Error('still broken');
      },
    });
    for (const key of ['old', 'old-failed']) {
      await enqueueJob(database.db, ECHO, key, { value: key === 'old' ? 'ok' : 'broken' }, now);
    }
    await runDueJobs(worker(registry));
    advance(20 * DAY);
    await enqueueJob(database.db, ECHO, 'recent', { value: 'ok' }, now);
    await runDueJobs(worker(registry));
    await enqueueJob(database.db, ECHO, 'waiting', { value: 'ok' }, now, new Date(now.getTime() + 60 * DAY));
    advance(10 * DAY + 1);
    expect(await pruneDoneJobs(database.db, now, 30)).toBe(1);
    const left = await database.db.selectFrom('jobs').select(['key', 'state']).orderBy('key').execute();
    expect(left).toEqual([
      { key: 'old-failed', state: 'failed' },
      { key: 'recent', state: 'done' },
      { key: 'waiting', state: 'pending' },
    ]);
    expect(await pruneDoneJobs(database.db, now, 30)).toBe(0);
    expect(await pruneDoneJobs(database.db, now, 7)).toBe(1);
  });

  it('prunes in the background at start, logging what it deleted', async () => {
    const infoLogs: Record<string, unknown>[] = [];
    const registry = new JobRegistry().register(ECHO, { maxAttempts: 1, run: async () => {} });
    await enqueueJob(database.db, ECHO, 'old', { value: 'x' }, now);
    await runDueJobs(worker(registry));
    advance(31 * DAY);
    const stop = startJobPruning({
      db: database.db,
      clock,
      retentionDays: 30,
      logger: pino({ level: 'info' }, { write: (line: string) => void infoLogs.push(JSON.parse(line)) }),
    });
    await expect.poll(() => infoLogs).toContainEqual(expect.objectContaining({ msg: 'done jobs pruned', pruned: 1 }));
    await stop();
    expect(await database.db.selectFrom('jobs').select('id').execute()).toEqual([]);
  });
});
