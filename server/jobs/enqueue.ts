import type { Executor } from '../db/transaction.ts';
import type { JobType } from './job-type.ts';

/**
 * Records a job in the caller's transaction, so it exists exactly when the decision it carries out committed.
 * Idempotent by (kind, key): enqueueing the same key again (a replayed event, two concurrent callers) changes
 * nothing and answers false. `runAt` defaults to now (due at once).
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
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['kind', 'key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}
