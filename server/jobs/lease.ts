import type { Executor } from '../db/transaction.ts';

/**
 * The fencing token of one run of a job: the job and the generation of the lease its worker holds. Every claim
 * makes a new generation, so a worker whose lease passed while its handler was still working (a stalled
 * provider call, a paused process) holds an old one once another worker has taken the job over.
 */
export interface JobLease {
  jobId: string;
  generation: number;
}

/** The run's lease has passed to another run (or the run timed out): its outcome must not be recorded. */
export class JobLeaseLost extends Error {
  constructor(lease: JobLease) {
    super(`job ${lease.jobId} is no longer this run's (lease ${lease.generation} was lost)`);
    this.name = 'JobLeaseLost';
  }
}

/**
 * Checks, inside the transaction that records a job's outcome, that this run still holds its lease, and keeps
 * it held until that transaction ends: the job's row is locked, so no other worker can claim it meanwhile (a
 * claim skips locked rows). Throws JobLeaseLost, rolling the caller's transaction back, when another run has
 * taken the job or the worker gave this run up (its time limit passed). Without a lease (an operator command,
 * a use case called outside the job worker) there is nothing to check.
 */
export async function holdJobLease(trx: Executor, lease: JobLease | undefined): Promise<void> {
  if (!lease) return;
  const held = await trx
    .selectFrom('jobs')
    .select('id')
    .where('id', '=', lease.jobId)
    .where('state', '=', 'running')
    .where('lease', '=', lease.generation)
    .forUpdate()
    .executeTakeFirst();
  if (!held) throw new JobLeaseLost(lease);
}
