import type { Kysely } from 'kysely';
import type { TransferRetry } from '../../contract/handover.ts';
import type { Database } from '../db/schema.ts';
import { SALE_JOBS } from './sale-jobs.ts';

/**
 * A transfer is tried 6 times over about 5 minutes (10 s doubling) before the sale is refunded: long enough to
 * ride out a brief outage at the hotel, short enough that the buyer is never left waiting for hours.
 */
export const TRANSFER_ATTEMPTS = 6;
export const TRANSFER_BACKOFF_MS = 10_000;

/**
 * When the last attempt of a transfer that has `attempts` behind it and its next at `nextAt` runs: after it, a
 * transfer still failing ends the sale and refunds the buyer. Each wait doubles, as the job worker's do.
 */
export function lastTransferAttemptAt(nextAt: Date, attempts: number): Date {
  let at = nextAt.getTime();
  for (let done = attempts + 1; done < TRANSFER_ATTEMPTS; done++) at += TRANSFER_BACKOFF_MS * 2 ** (done - 1);
  return new Date(at);
}

/**
 * The orders among `orderIds` whose transfer failed at least once and waits to be tried again (the hotel's
 * system did not answer), each with when the failure was noted and until when we keep trying: what My Stays tells
 * the buyer instead of a bare "Transferring".
 */
export async function transferRetriesOf(
  db: Kysely<Database>,
  orderIds: readonly string[],
): Promise<Map<string, TransferRetry>> {
  const retries = new Map<string, TransferRetry>();
  if (!orderIds.length) return retries;
  const rows = await db
    .selectFrom('jobs')
    .select(['key', 'attempts', 'run_at', 'updated_at'])
    .where('kind', '=', SALE_JOBS.transfer.kind)
    .where('key', 'in', orderIds)
    .where('state', '=', 'pending')
    .where('attempts', '>', 0)
    .where('last_error', 'is not', null)
    .execute();
  for (const row of rows) {
    retries.set(row.key, {
      failedAt: new Date(row.updated_at).toISOString(),
      nextAttemptAt: new Date(row.run_at).toISOString(),
      triesUntil: lastTransferAttemptAt(new Date(row.run_at), row.attempts).toISOString(),
    });
  }
  return retries;
}
