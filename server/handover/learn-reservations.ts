import { createHash } from 'node:crypto';
import { inTransaction } from '../db/transaction.ts';
import { enqueueJob } from '../jobs/enqueue.ts';
import type { BuyingDeps } from '../payments/deps.ts';
import { HANDOVER_JOBS } from './jobs.ts';

/**
 * The hotel's webhook named reservations that changed, new ones included: a job reads them from that hotel and
 * remembers where their confirmation numbers are. A redelivered notice names the same ids and adds no job.
 */
export async function enqueueReservationsToLearn(
  deps: Pick<BuyingDeps, 'db' | 'clock'>,
  enterpriseId: string | undefined,
  reservationIds: readonly string[],
): Promise<void> {
  const ids = [...new Set(reservationIds)].sort();
  if (!enterpriseId || !ids.length) return;
  const digest = createHash('sha256').update(ids.join('\n')).digest('hex').slice(0, 32);
  await inTransaction(deps.db, (trx) =>
    enqueueJob(
      trx,
      HANDOVER_JOBS.learnReservations,
      `${enterpriseId}:${digest}`,
      { enterpriseId, reservationIds: ids },
      deps.clock(),
    ),
  );
}

/** Reads the named reservations from their connected hotel into the hotel directory (nothing for another hotel). */
export async function learnReservations(
  deps: Pick<BuyingDeps, 'db' | 'pms'>,
  job: { enterpriseId: string; reservationIds: string[] },
): Promise<void> {
  if (!deps.pms.learnReservations) return;
  const hotel = await deps.db
    .selectFrom('hotels')
    .select('token_key')
    .where('enterprise_id', '=', job.enterpriseId)
    .where('status', '=', 'connected')
    .executeTakeFirst();
  if (hotel) await deps.pms.learnReservations(hotel.token_key, job.reservationIds);
}
