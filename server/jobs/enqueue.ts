import { randomBytes } from 'node:crypto';
import type { Executor } from '../db/transaction.ts';
import type { JobType } from './job-type.ts';

/**
 * Records a job in the caller's transaction, so it exists exactly when the decision it carries out committed.
 * Idempotent by (kind, key): enqueueing the same key again (a replayed event, two concurrent callers) changes
 * nothing and answers false. The key names the one thing the job is for, once ever (an order's transfer, an
 * event's handling). `runAt` defaults to now (due at once).
 */
export async function enqueueJob<Payload>(
  trx: Executor,
  type: JobType<Payload>,
  key: string,
  payload: Payload,
  now: Date,
  runAt: Date = now,
): Promise<boolean> {
  const checked = type.payload.parse(payload);
  const inserted = await trx
    .insertInto('jobs')
    .values({
      kind: type.kind,
      key,
      payload: JSON.stringify(checked),
      state: 'pending',
      run_at: runAt,
      priority: type.urgent ? 1 : 0,
      created_at: now,
      updated_at: now,
    })
    // Either unique index: the same (kind, key), or a job of this kind for this thing already waiting to start.
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/**
 * Records a job of this kind for `thing` (an order, a listing, a reservation) unless one is already waiting to
 * start: work that may be needed again later (the payout sent once the seller's account is ready, a hotel's
 * reservation read again at each change), but never twice at once, since the job reads the thing's state when it
 * runs. A job already running or retrying after a failure does not count (it may have read before this change).
 * The key is `<thing>@<enqueued at>:<random>` (unique even within a millisecond, after an earlier job of the thing
 * ran); the database keeps one job per kind and thing waiting (migration 0105), so two transactions racing here
 * queue one. Answers whether a job was queued.
 */
export function enqueuePendingJob<Payload>(
  trx: Executor,
  type: JobType<Payload>,
  thing: string,
  payload: Payload,
  now: Date,
  runAt: Date = now,
): Promise<boolean> {
  if (thing.includes('@')) throw new Error(`A job's thing cannot contain '@': ${thing}`);
  const key = `${thing}@${now.toISOString()}:${randomBytes(4).toString('hex')}`;
  return enqueueJob(trx, type, key, payload, now, runAt);
}
