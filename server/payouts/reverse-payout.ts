import { sellerShareCents } from '../../contract/payouts.ts';
import { inTransaction, type Executor } from '../db/transaction.ts';
import { enqueueJob } from '../jobs/enqueue.ts';
import { holdJobLease, type JobLease } from '../jobs/lease.ts';
import { postReversal, postSellerDebt } from '../ledger/payout-events.ts';
import type { PayoutDeps } from './deps.ts';
import { transitionPayout, type PayoutRow } from '../orders/payout-transition.ts';
import { PAYOUT_JOBS } from './jobs.ts';
import { payoutMayBeTakenBack } from '../orders/reverse-handover.ts';
import { refusalReason } from './provider-refusal.ts';
import { recordTransfer } from './record-transfer.ts';
import { owedBy } from './seller-debts.ts';

/**
 * The reverse job, after a stay already the buyer's is refunded: a payout not yet sent is cancelled; one sent is
 * taken back from the seller's account (idempotency key `reversal:<orderId>`). Before cancelling, the provider is
 * asked for the order's transfers: a send job that died after the provider paid must not leave that money with
 * the seller unseen, so such a transfer is recorded and reversed. A refusal is read back first: a transfer the
 * provider already took back whole (its reversals) is recorded as reversed, never as a debt. When the provider
 * refuses a reversal (the seller's balance is already paid out to their bank), the payout is `reversal_failed`: the seller owes what the
 * transfer sent, kept in the ledger in its currency (postSellerDebt), and the operator is warned in the log.
 * Each outcome is recorded only while the job's `lease` is still this run's, and the seller is told it by email.
 */
export async function reversePayout(deps: PayoutDeps, orderId: string, lease?: JobLease): Promise<void> {
  const order = await deps.db
    .selectFrom('orders')
    .select(['state', 'reverse_handover'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (order && !payoutMayBeTakenBack(order)) {
    deps.logger.info({ orderId, ...order, actor: 'payouts.reverse' }, 'nothing to reverse: the stay is the buyer’s');
    return;
  }
  let payout = await loadPayout(deps, orderId);
  if (payout && ['scheduled', 'waiting_account', 'held', 'cancelled'].includes(payout.state)) {
    const [made] = await deps.payments.listTransfers(orderId);
    if (made) await recordTransfer(deps, orderId, payout.seller_id, made, 'payouts.reverse', lease);
    else if (payout.state !== 'cancelled') {
      await inTransaction(deps.db, async (trx) => {
        await holdJobLease(trx, lease);
        await transitionPayout(trx, {
          orderId,
          from: ['scheduled', 'waiting_account', 'held'],
          to: 'cancelled',
          now: deps.clock(),
          actor: 'payouts.reverse',
          reason: 'the stay was refunded before the payout was sent',
        });
      });
    }
    payout = await loadPayout(deps, orderId);
  }
  if (payout?.state === 'cancelled') await tellSeller(deps.db, orderId, deps.clock());
  if (payout?.state !== 'paid' || !payout.transfer_id) {
    deps.logger.info(
      { orderId, actor: 'payouts.reverse', state: payout?.state ?? null },
      'nothing to reverse: no transfer of this payout is with the seller',
    );
    return;
  }
  const transferId = payout.transfer_id;
  let reversal;
  try {
    reversal = await deps.payments.reverseTransfer({ transferId, orderId });
  } catch (error) {
    if (refusalReason(error) !== 'reversal_refused') throw error;
    // "Already reversed" is a refusal too: the provider is read back before the seller is said to owe anything.
    reversal = await reversalAtProvider(deps, orderId, transferId);
    if (!reversal) return recordSellerDebt(deps, orderId, transferId, error, lease);
  }
  const sellerId = payout.seller_id;
  await inTransaction(deps.db, async (trx) => {
    await holdJobLease(trx, lease);
    const now = deps.clock();
    const reversed = await transitionPayout(trx, {
      orderId,
      from: ['paid', 'reversal_failed'],
      to: 'reversed',
      now,
      changes: { reversal_id: reversal.id, reversed_at: now },
      actor: 'payouts.reverse',
      reason: `transfer reversed by ${reversal.id}: the stay was refunded`,
    });
    if (!reversed) {
      deps.logger.info({ orderId, actor: 'payouts.reverse' }, 'reversal already recorded: nothing changed');
      return;
    }
    const sellerCents = sellerShareCents(reversed);
    await postReversal(trx, {
      reference: reversal.id,
      orderId,
      sellerId,
      saleCurrency: reversed.currency,
      // What it takes back of the seller's share: all of it for a whole transfer, else the same part of it.
      saleCents:
        reversed.payout_cents && reversal.amountCents !== reversed.payout_cents
          ? Math.round((sellerCents * reversal.amountCents) / reversed.payout_cents)
          : sellerCents,
      currency: reversal.currency,
      amountCents: reversal.amountCents,
      now,
    });
    await tellSeller(trx, orderId, now);
  });
}

/** The seller of a refunded sale hears what became of their payout, once it is settled (once per order). */
const tellSeller = (trx: Executor, orderId: string, now: Date) =>
  enqueueJob(trx, PAYOUT_JOBS.refundedSaleEmail, orderId, { orderId }, now);

/**
 * The transfer's reversal as the provider holds it, when the transfer is already taken back whole (a reversal
 * made by hand in the provider's dashboard, or one whose answer was lost): recorded as the reversal it is.
 */
async function reversalAtProvider(deps: PayoutDeps, orderId: string, transferId: string) {
  const transfer = (await deps.payments.listTransfers(orderId)).find((made) => made.id === transferId);
  const last = transfer?.reversals.at(-1);
  if (!transfer || !last || transfer.amountReversedCents < transfer.amountCents) return undefined;
  deps.logger.info({ orderId, transferId, reversalId: last.id }, 'the provider had already reversed the payout');
  return { id: last.id, transferId, amountCents: transfer.amountReversedCents, currency: transfer.currency };
}

/** A reversal the provider refuses: the payout is `reversal_failed` and the seller owes what the transfer sent. */
async function recordSellerDebt(
  deps: PayoutDeps,
  orderId: string,
  transferId: string,
  error: unknown,
  lease: JobLease | undefined,
) {
  deps.logger.error({ orderId, err: error }, 'the payout of a refunded stay could not be reversed: the seller owes it');
  await inTransaction(deps.db, async (trx) => {
    await holdJobLease(trx, lease);
    const now = deps.clock();
    const owed = await transitionPayout(trx, {
      orderId,
      from: ['paid'],
      to: 'reversal_failed',
      now,
      actor: 'payouts.reverse',
      reason: `the provider refused to reverse transfer ${transferId}: the seller owes it`,
    });
    if (!owed) {
      deps.logger.info({ orderId, actor: 'payouts.reverse' }, 'refused reversal not recorded: the payout has moved on');
      return;
    }
    await postSellerDebt(trx, sellerDebtOf(owed, now));
    await tellSeller(trx, orderId, now);
  });
}

const loadPayout = (deps: PayoutDeps, orderId: string) =>
  deps.db
    .selectFrom('payouts')
    .select(['state', 'seller_id', 'transfer_id'])
    .where('order_id', '=', orderId)
    .executeTakeFirst();

/** The seller's debt of a refused reversal: what the transfer sent (owedBy), for their share of the sale. */
function sellerDebtOf(payout: PayoutRow, now: Date) {
  return {
    reference: payout.transfer_id!,
    orderId: payout.order_id,
    sellerId: payout.seller_id,
    saleCurrency: payout.currency,
    saleCents: sellerShareCents(payout),
    ...owedBy(payout),
    now,
  };
}
