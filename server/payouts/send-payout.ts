import { inTransaction } from '../db/transaction.ts';
import { enqueueJob } from '../jobs/enqueue.ts';
import { holdJobLease, type JobLease } from '../jobs/lease.ts';
import type { PayoutDeps } from './deps.ts';
import { PAYOUT_JOBS } from './jobs.ts';
import { transitionPayout } from '../orders/payout-transition.ts';
import { refusalReason } from './provider-refusal.ts';
import { recordTransfer } from './record-transfer.ts';

/**
 * The send job: pays a `scheduled` payout to the seller's payout account, from the order's charge. Without a
 * ready account the payout waits (`waiting_account`, and the seller is told once) until the account becomes
 * ready. The provider call is made outside any transaction with the idempotency key `payout:<orderId>`, and only
 * after the provider's transfers of the order (its transfer group) show none made yet, so neither a retry after a
 * crash nor one days later (past the key's 24 hours) pays twice. Outages and a platform balance too small
 * are thrown, for the job worker to retry with its back-off. What it records is recorded only while the job's
 * `lease` is still this run's (a run that stalled past its lease records nothing; the run that took over does).
 */
export async function sendPayout(deps: PayoutDeps, orderId: string, lease?: JobLease): Promise<void> {
  const payout = await deps.db
    .selectFrom('payouts')
    .innerJoin('orders', 'orders.id', 'payouts.order_id')
    .leftJoin('payout_accounts', 'payout_accounts.seller_id', 'payouts.seller_id')
    .select([
      'payouts.state',
      'payouts.seller_id',
      'payouts.currency',
      'payouts.sale_cents',
      'payouts.fee_cents',
      'orders.charge_id',
      'orders.payment_intent_id',
      'orders.state as order_state',
      'orders.refunded_at',
      'payout_accounts.provider_account_id',
      'payout_accounts.transfers_active',
    ])
    .where('payouts.order_id', '=', orderId)
    .executeTakeFirst();
  if (!payout || payout.state !== 'scheduled') return;
  // Only a sale that stands is paid out: a refunded (or refunding) order's payout is cancelled by its refund.
  if (payout.order_state !== 'transferred' || payout.refunded_at || (await anyRefundOf(deps, orderId))) return;
  // The idempotency key is forgotten by the provider after a day: a retry days later must not pay again, so the
  // provider is asked for the order's transfers first, and one found is recorded instead.
  const [made] = await deps.payments.listTransfers(orderId);
  if (made) return recordTransfer(deps, orderId, payout.seller_id, made, 'payouts.send', lease);
  if (!payout.provider_account_id || !payout.transfers_active) return waitForAccount(deps, orderId, lease);
  let transfer;
  try {
    transfer = await deps.payments.createTransfer({
      orderId,
      accountId: payout.provider_account_id,
      amountCents: payout.sale_cents - payout.fee_cents,
      currency: payout.currency,
      sourceChargeId: await chargeOf(deps, payout),
    });
  } catch (error) {
    if (refusalReason(error) === 'account_not_ready') return waitForAccount(deps, orderId, lease);
    throw error;
  }
  await recordTransfer(deps, orderId, payout.seller_id, transfer, 'payouts.send', lease);
}

/** Whether any refund of the order's payment succeeded (a partial one by hand in the dashboard, say). */
async function anyRefundOf(deps: PayoutDeps, orderId: string): Promise<boolean> {
  const refund = await deps.db
    .selectFrom('order_refunds')
    .select('id')
    .where('order_id', '=', orderId)
    .where('status', '=', 'succeeded')
    .executeTakeFirst();
  return refund !== undefined;
}

/** The order's charge, asked of the provider when the job recording it has not run yet. */
async function chargeOf(
  deps: PayoutDeps,
  order: { charge_id: string | null; payment_intent_id: string | null },
): Promise<string> {
  if (order.charge_id) return order.charge_id;
  const payment = order.payment_intent_id ? await deps.payments.retrievePayment(order.payment_intent_id) : null;
  if (!payment?.chargeId) throw new Error('the order’s charge is not known yet');
  return payment.chargeId;
}

async function waitForAccount(deps: PayoutDeps, orderId: string, lease: JobLease | undefined) {
  await inTransaction(deps.db, async (trx) => {
    await holdJobLease(trx, lease);
    const now = deps.clock();
    const waiting = await transitionPayout(trx, {
      orderId,
      from: ['scheduled'],
      to: 'waiting_account',
      now,
      actor: 'payouts.send',
      reason: 'the seller has no payout account that can receive transfers',
    });
    if (waiting) await enqueueJob(trx, PAYOUT_JOBS.waitingEmail, orderId, { orderId }, now);
  });
}
