import { JobCannotSucceed, RetryJobLater } from '../../jobs/errors.ts';
import { PmsTransferError } from './pms.ts';

/** When a hotel asking us to slow down says nothing of when to come back: a minute. */
const DEFAULT_RETRY_AFTER_MS = 60_000;

/**
 * A job's answer to a failed write to the hotel's system (a task, a note): a 429 comes back when the hotel says;
 * a refusal (4xx: the call not granted to Restay, 401/403, or a bad request) cannot be mended by trying again,
 * so the job fails at once for an operator (`npm run jobs -- failed`); an outage (5xx, timeout) is retried.
 */
export function pmsWriteJobError(error: unknown): never {
  if (!(error instanceof PmsTransferError)) throw error;
  if (error.kind === 'rate_limited')
    throw new RetryJobLater(error.message, error.retryAfterMs ?? DEFAULT_RETRY_AFTER_MS, { cause: error });
  if (error.kind === 'refused') throw new JobCannotSucceed(error.message, { cause: error });
  throw error;
}
