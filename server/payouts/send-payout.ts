import { sellerShareCents, settledPayoutCents } from '../../contract/payouts.ts';
import { inTransaction } from '../db/transaction.ts';
import { recordPayment } from '../payments/provider-records.ts';
import { enqueueJob } from '../jobs/enqueue.ts';
import { holdJobLease, type JobLease } from '../jobs/lease.ts';
import type { PayoutDeps } from './deps.ts';
import { PAYOUT_JOBS } from './jobs.ts';
import { holdPayoutForPartialRefund, refundedCentsOf } from '../orders/hold-payout.ts';
import { transitionPayout } from '../orders/payout-transition.ts';
import { refusalReason } from './provider-refusal.ts';
import { recordTransfer } from './record-transfer.ts';

/**
 * The send job: pays a `scheduled` payout to the seller's payout account, from the order's charge, in the
 * currency the provider settled that charge in (the platform's settlement currency: the provider refuses a
 * transfer in any other), converted at the rate it applied to the charge (settledPayoutCents). Without a
 * ready account the payout waits (`waiting_account`, and the seller is told once) until the account becomes
 * ready; a sale partly refunded holds its payout for an operator (holdPayoutForPartialRefund), and a payout
 * released by one pays the share less what was refunded. Every payout it does not send is logged with why. The
 * provider call is made outside any transaction with the idempotency key `payout:<orderId>`, and only after the
 * provider's transfers of the order (its transfer group) show none made yet, so neither a retry after a
 * crash nor one days later (past the key's 24 hours) pays twice. Outages and a platform balance too small
 * are thrown, for the job worker to retry with its back-off. What it records is recorded only while the job's
 * `lease` is still this run's (a run that stalled past its lease records nothing; the run that took over does).
 */
/** What a payout's send reads of its order (the seller's and the hotel's alike): the charge, what it settled to, and whether the sale stands. */
export const ORDER_COLUMNS_TO_SEND = [
  'orders.charge_id',
  'orders.payment_intent_id',
  'orders.amount_received_cents',
  'orders.settled_currency',
  'orders.settled_cents',
  'orders.state as order_state',
  'orders.refunded_at',
  'orders.reverse_handover',
] as const;

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
      'payouts.refunded_cents',
      ...ORDER_COLUMNS_TO_SEND,
      'payout_accounts.provider_account_id',
      'payout_accounts.transfers_active',
    ])
    .where('payouts.order_id', '=', orderId)
    .executeTakeFirst();
  const notSent = (why: string) => deps.logger.info({ orderId, actor: 'payouts.send' }, `payout not sent: ${why}`);
  if (!payout) return notSent('the order has no payout');
  if (payout.state === 'cancelled') return recordLateTransfer(deps, orderId, payout.seller_id, lease);
  if (payout.state !== 'scheduled') return notSent(`the payout is ${payout.state}, not scheduled`);
  // Only a sale that stands is paid out: a refunded (or refunding) order's payout is cancelled by its refund,
  // unless the buyer kept the stay (ADR 0075): then the refund is the platform's loss and the seller is paid.
  const keptByBuyer = payout.reverse_handover === 'kept_by_buyer';
  if (!keptByBuyer && (payout.order_state !== 'transferred' || payout.refunded_at))
    return notSent(`the order is ${payout.order_state}: its refund cancels the payout`);
  // A part refunded since the payout was scheduled (or released) leaves the seller's share for an operator.
  const refundedCents = await refundedCentsOf(deps.db, orderId);
  if (!keptByBuyer && refundedCents > payout.refunded_cents) return holdForRefund(deps, orderId, refundedCents, lease);
  // The idempotency key is forgotten by the provider after a day: a retry days later must not pay again, so the
  // provider is asked for the order's transfers first, and one found is recorded instead.
  const [made] = await deps.payments.listTransfers(orderId);
  if (made) return recordTransfer(deps, orderId, payout.seller_id, made, 'payouts.send', lease);
  if (!payout.provider_account_id || !payout.transfers_active) return waitForAccount(deps, orderId, lease);
  const settled = await settledChargeOf(deps, orderId, payout);
  const amount = {
    currency: settled.settledCurrency,
    amountCents: settledPayoutCents(settled, sellerShareCents(payout)),
  };
  await deps.db
    .updateTable('payouts')
    .set({ payout_currency: amount.currency, payout_cents: amount.amountCents })
    .where('order_id', '=', orderId)
    .execute();
  let transfer;
  try {
    transfer = await deps.payments.createTransfer({
      orderId,
      accountId: payout.provider_account_id,
      ...amount,
      sourceChargeId: settled.chargeId,
    });
  } catch (error) {
    if (refusalReason(error) === 'account_not_ready') return waitForAccount(deps, orderId, lease);
    throw error;
  }
  await recordTransfer(deps, orderId, payout.seller_id, transfer, 'payouts.send', lease);
}

/**
 * The order's charge and what it settled to, asked of the provider (and recorded, with its ledger postings) when
 * the job recording it has not run yet. A charge the provider has not booked yet is retried later.
 */
export async function settledChargeOf(
  deps: PayoutDeps,
  orderId: string,
  order: {
    charge_id: string | null;
    payment_intent_id: string | null;
    amount_received_cents: number | null;
    settled_currency: string | null;
    settled_cents: number | null;
  },
) {
  if (order.charge_id && order.amount_received_cents !== null && order.settled_currency && order.settled_cents !== null)
    return {
      chargeId: order.charge_id,
      receivedCents: order.amount_received_cents,
      settledCents: order.settled_cents,
      settledCurrency: order.settled_currency,
    };
  const payment = order.payment_intent_id ? await deps.payments.retrievePayment(order.payment_intent_id) : null;
  if (!payment?.chargeId || !payment.balance) throw new Error('the order’s charge has not settled at the provider yet');
  await inTransaction(deps.db, (trx) => recordPayment(trx, orderId, payment, deps.clock()));
  return {
    chargeId: payment.chargeId,
    receivedCents: payment.amountReceivedCents,
    settledCents: payment.balance.amountCents,
    settledCurrency: payment.balance.currency,
  };
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

async function holdForRefund(deps: PayoutDeps, orderId: string, refundedCents: number, lease: JobLease | undefined) {
  await inTransaction(deps.db, async (trx) => {
    await holdJobLease(trx, lease);
    const hold = { orderId, refundedCents, now: deps.clock(), actor: 'payouts.send', logger: deps.logger };
    await holdPayoutForPartialRefund(trx, hold);
  });
}

/**
 * A send whose provider call timed out may have paid after a refund cancelled the payout: its retry finds the
 * transfer at the provider and records it (recordTransfer queues its reversal), so no money leaves unrecorded.
 */
async function recordLateTransfer(deps: PayoutDeps, orderId: string, sellerId: string, lease: JobLease | undefined) {
  const [made] = await deps.payments.listTransfers(orderId);
  if (!made) {
    deps.logger.info({ orderId, actor: 'payouts.send' }, 'payout not sent: the payout is cancelled');
    return;
  }
  deps.logger.warn(
    { orderId, transferId: made.id },
    'a transfer was made for a cancelled payout: recorded, and its reversal queued',
  );
  await recordTransfer(deps, orderId, sellerId, made, 'payouts.send', lease);
}
