import type { JobRow } from '../db/schema.ts';
import type { JobType } from './job-type.ts';
import type { JobLease } from './lease.ts';

/** What a handler knows about the attempt it is making. */
export interface JobAttempt {
  job: Pick<JobRow, 'id' | 'kind' | 'key' | 'created_at'>;
  /** 1 for the first run. */
  attempt: number;
  /** No attempt follows this one if it fails: a handler that must end in a known state decides it now. */
  lastAttempt: boolean;
  /**
   * This run's fencing token: a transaction that records the work's result (a transfer made, a refund
   * confirmed) calls `holdJobLease(trx, attempt.lease)` first, so a run that lost its lease records nothing.
   */
  lease: JobLease;
  /** Aborted when the kind's time limit passes: the run is given up and the job retried. */
  signal: AbortSignal;
}

export interface JobPolicy {
  /** Attempts before the job becomes `failed` (logged as an error, listed by `npm run jobs -- failed`). */
  maxAttempts: number;
  /** Delay before the second attempt; each later one doubles it, up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** How long a claimed job is its worker's before another may take it; extended while the handler runs. */
  leaseMs?: number;
  /**
   * How long one run may take before it is given up (its signal aborted, the attempt counted as failed and
   * retried after the back-off): a stalled provider holds a worker's slot for this long at most.
   */
  timeoutMs?: number;
}

export interface JobHandler<Payload> extends JobPolicy {
  /** Does the work; safe to repeat (a worker may die after the work and before recording it). */
  run(payload: Payload, attempt: JobAttempt): Promise<void>;
}

export interface RegisteredKind extends Required<JobPolicy> {
  type: JobType<unknown>;
  run(payload: unknown, attempt: JobAttempt): Promise<void>;
}

/**
 * A lease of 30 s, extended every 10 s while the handler runs: a job whose worker died is taken over within
 * half a minute (a buyer waiting for the hotel's handover should not wait minutes), and a live worker keeps it
 * through two missed extensions. A run may take two minutes: every provider call has its own time-outs of
 * seconds, so a run longer than that is stalled, and the slot is better spent on the next job.
 */
const DEFAULTS = { backoffMs: 30_000, maxBackoffMs: 60 * 60_000, leaseMs: 30_000, timeoutMs: 120_000 };

/**
 * The kinds this process can run. Each domain registers its own (`registerPaymentJobs(registry, deps)`), so a
 * new kind needs no central list and no schema change; a worker claims only kinds it has registered.
 */
export class JobRegistry {
  private readonly kinds = new Map<string, RegisteredKind>();

  register<Payload>(type: JobType<Payload>, handler: JobHandler<Payload>): this {
    if (this.kinds.has(type.kind)) throw new Error(`Job kind ${type.kind} is registered twice`);
    if (!Number.isInteger(handler.maxAttempts) || handler.maxAttempts < 1) {
      throw new Error(`Job kind ${type.kind} needs maxAttempts of at least 1`);
    }
    this.kinds.set(type.kind, {
      ...DEFAULTS,
      ...handler,
      type: type as JobType<unknown>,
      run: (payload, attempt) => handler.run(payload as Payload, attempt),
    });
    return this;
  }

  get(kind: string): RegisteredKind | undefined {
    return this.kinds.get(kind);
  }

  names(): string[] {
    return [...this.kinds.keys()];
  }
}
