import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Jobs that used up their attempts (or could not succeed), newest first: what an operator looks at. */
export function listFailedJobs(db: Kysely<Database>, limit = 100) {
  return db
    .selectFrom('jobs')
    .select(['id', 'kind', 'key', 'attempts', 'last_error', 'finished_at'])
    .where('state', '=', 'failed')
    .orderBy('finished_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Makes a failed job due again with a fresh set of attempts. Only a failed job: one pending or running is
 * already going to run, and a done one must not run twice. Answers the job, or undefined when there is no
 * failed job with that id. A job of the same kind for the same thing already waiting to start (enqueuePendingJob)
 * does the work: the retry is refused with a sentence saying so.
 */
export async function retryFailedJob(db: Kysely<Database>, id: string, now: Date) {
  try {
    return await db
      .updateTable('jobs')
      .set({ state: 'pending', attempts: 0, run_at: now, finished_at: null, updated_at: now })
      .where('id', '=', id)
      .where('state', '=', 'failed')
      .returning(['id', 'kind', 'key'])
      .executeTakeFirst();
  } catch (error) {
    if ((error as { code?: unknown }).code !== UNIQUE_VIOLATION) throw error;
    throw new Error(`Job ${id} is not retried: a job of its kind for the same thing is already waiting to run.`, {
      cause: error,
    });
  }
}

const UNIQUE_VIOLATION = '23505';
