import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { enqueuePendingJob } from '../jobs/enqueue.ts';
import { unsettleSale } from '../ledger/money-events.ts';
import { transitionPayout } from './payout-transition.ts';
import { SALE_JOBS } from './sale-jobs.ts';

/**
 * The one "undo the sale" step of every refund, whoever made it (the refund job, an operator, a refund by hand in
 * the provider's dashboard, a hotel's cancellation, a refused transfer): called in the transaction that records
 * the order `refunded` and posts the refund (or, for a stay that was in the buyer's name, in the one that records
 * the hotel naming the seller again, ADR 0075), it undoes the settled sale in the ledger, cancels a payout not yet
 * sent, and queues the payouts' reverse job for one that was or may have been sent (a send job that died after the
 * provider paid): the reverse job asks the provider, takes it back, or records a refused reversal as the seller's
 * debt (`reversal_failed`). An order never settled has no payout, and nothing happens.
 */
export async function undoSale(trx: Transaction<Database>, orderId: string, now: Date, actor: string) {
  await unsettleSale(trx, orderId, now);
  await undoHotelPayout(trx, orderId, now, actor);
  const payout = await trx
    .selectFrom('payouts')
    .select('state')
    .where('order_id', '=', orderId)
    .forUpdate()
    .executeTakeFirst();
  if (!payout) return;
  if (payout.state === 'scheduled' || payout.state === 'waiting_account' || payout.state === 'held') {
    await transitionPayout(trx, {
      orderId,
      from: [payout.state],
      to: 'cancelled',
      now,
      actor,
      reason: 'the sale was refunded before the payout was sent',
    });
  }
  if (payout.state !== 'reversed') await enqueuePendingJob(trx, SALE_JOBS.reversePayout, orderId, { orderId }, now);
}

/**
 * The hotel's name-change fee goes back to the buyer with the sale (ADR 0090): its payout is cancelled when not
 * yet sent, and its reverse job queued otherwise (it also catches a transfer a dead send job made).
 */
async function undoHotelPayout(trx: Transaction<Database>, orderId: string, now: Date, actor: string) {
  const payout = await trx
    .selectFrom('hotel_payouts')
    .select('state')
    .where('order_id', '=', orderId)
    .forUpdate()
    .executeTakeFirst();
  if (!payout) return;
  await transitionPayout(trx, {
    payee: 'hotel',
    orderId,
    from: ['scheduled', 'waiting_account'],
    to: 'cancelled',
    now,
    actor,
    reason: 'the sale was refunded before the fee was sent',
  });
  if (payout.state !== 'reversed') await enqueuePendingJob(trx, SALE_JOBS.reverseHotelFee, orderId, { orderId }, now);
}
