import { z } from 'zod';
import type { Executor } from '../db/transaction.ts';
import { enqueueJob } from '../jobs/enqueue.ts';
import { defineJobType, type JobType } from '../jobs/job-type.ts';

const orderPayload = z.object({ orderId: z.uuid() });
export type OrderJobPayload = z.infer<typeof orderPayload>;

/** Buying's durable jobs, one per order and kind (the key is the order id); handlers in job-handlers.ts. */
export const PAYMENT_JOBS = {
  refund: defineJobType('payments.refund', orderPayload, { urgent: true }),
  /** Reads the paid order's charge and the amount it received from the provider (enqueued with the payment). */
  recordPayment: defineJobType('payments.record_payment', orderPayload),
  receiptEmail: defineJobType('payments.receipt_email', orderPayload),
  saleEmail: defineJobType('payments.sale_email', orderPayload),
  refundEmail: defineJobType('payments.refund_email', orderPayload),
} as const;

/**
 * Records work to do after the caller's transaction commits (a refund, an email). One job per kind and order,
 * so deciding the same thing twice (a replayed event, two concurrent calls) still does it once.
 */
export function enqueueOrderJob(trx: Executor, type: JobType<OrderJobPayload>, orderId: string, now: Date) {
  return enqueueJob(trx, type, orderId, { orderId }, now);
}
