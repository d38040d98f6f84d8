import type { Executor } from '../db/transaction.ts';
import type { PaymentJobKind } from '../db/schema.ts';

/**
 * Records work to do after the caller's transaction commits (a refund, an email). One row per kind and order,
 * so deciding the same thing twice (a replayed event, two concurrent calls) still does it once.
 */
export async function enqueuePaymentJob(trx: Executor, kind: PaymentJobKind, orderId: string, now: Date) {
  await trx
    .insertInto('payment_jobs')
    .values({ kind, order_id: orderId, next_attempt_at: now, created_at: now })
    .onConflict((oc) => oc.columns(['kind', 'order_id']).doNothing())
    .execute();
}
