import { sellerShareCents } from '../../contract/payouts.ts';
import { inTransaction } from '../db/transaction.ts';
import { enqueuePendingJob } from '../jobs/enqueue.ts';
import { holdJobLease, type JobLease } from '../jobs/lease.ts';
import { postPayout } from '../ledger/payout-events.ts';
import type { ProviderTransfer } from '../ledger/provider-records.ts';
import type { PayoutDeps } from './deps.ts';
import { payoutMayBeTakenBack } from '../orders/reverse-handover.ts';
import { SALE_JOBS } from '../orders/sale-jobs.ts';
import { transitionPayout } from '../orders/payout-transition.ts';

/**
 * Records a transfer the provider made for a payout, once: the payout is `paid` and the ledger posts it. A
 * refund of the stay may have cancelled the payout while the transfer was under way (or its job died after the
 * provider call): the transfer is recorded all the same, and a reversal is queued for it. Called by a job, only
 * while its `lease` is still that run's.
 */
export async function recordTransfer(
  deps: PayoutDeps,
  orderId: string,
  sellerId: string,
  transfer: ProviderTransfer,
  actor: string,
  lease?: JobLease,
) {
  await inTransaction(deps.db, async (trx) => {
    await holdJobLease(trx, lease);
    const now = deps.clock();
    const paid = await transitionPayout(trx, {
      orderId,
      from: ['scheduled', 'held', 'cancelled'],
      to: 'paid',
      now,
      changes: {
        transfer_id: transfer.id,
        paid_at: now,
        payout_currency: transfer.currency,
        payout_cents: transfer.amountCents,
      },
      actor,
      reason: `transfer ${transfer.id} made`,
    });
    if (!paid) {
      deps.logger.info({ orderId, transferId: transfer.id, actor }, 'transfer not recorded: the payout has moved on');
      return;
    }
    await postPayout(trx, {
      reference: transfer.id,
      orderId,
      sellerId,
      saleCurrency: paid.currency,
      saleCents: sellerShareCents(paid),
      currency: transfer.currency,
      amountCents: transfer.amountCents,
      now,
    });
    const order = await trx
      .selectFrom('orders')
      .select(['state', 'reverse_handover'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    if (payoutMayBeTakenBack(order)) {
      await enqueuePendingJob(trx, SALE_JOBS.reversePayout, orderId, { orderId }, now);
    }
  });
}
