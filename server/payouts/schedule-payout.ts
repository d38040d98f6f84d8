import type { Transaction } from 'kysely';
import { platformFeeCents } from '../../contract/payouts.ts';
import type { Database } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { enqueueJob, enqueuePendingJob } from '../jobs/enqueue.ts';
import { postSettlement } from '../ledger/payout-events.ts';
import { lockOrderAndListing } from '../orders/order-lock.ts';
import type { PayoutDeps } from './deps.ts';
import { recordPayoutEvent } from '../orders/payout-transition.ts';
import { PAYOUT_JOBS } from './jobs.ts';
import { scheduleHotelPayout } from './hotel-payouts.ts';
import type { PayoutPolicy } from '../orders/payout-policy.ts';

interface SettledSale {
  orderId: string;
  sellerId: string;
  currency: string;
  saleCents: number;
  /** The hotel's name-change fee on top of the sale; null: none. */
  hotelFee: { hotelId: string; cents: number } | null;
  checkInUtc: Date;
}

/**
 * In the transaction that records the stay as the buyer's: the sale is settled in the ledger (the fee earned,
 * the rest owed to the seller) and the seller's payout is scheduled for its release time, with the job that
 * sends it. Once per order however often it is called: answers whether this call scheduled it.
 */
export async function schedulePayout(
  trx: Transaction<Database>,
  sale: SettledSale,
  policy: PayoutPolicy,
  now: Date,
): Promise<boolean> {
  const feeCents = platformFeeCents(sale.saleCents, policy.feePercent);
  const releaseAt = policy.release === 'check_in' && sale.checkInUtc > now ? sale.checkInUtc : now;
  const scheduled = await trx
    .insertInto('payouts')
    .values({
      order_id: sale.orderId,
      seller_id: sale.sellerId,
      currency: sale.currency.toUpperCase(),
      sale_cents: sale.saleCents,
      fee_cents: feeCents,
      state: 'scheduled',
      release_at: releaseAt,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('order_id').doNothing())
    .returning('order_id')
    .executeTakeFirst();
  if (!scheduled) return false;
  await recordPayoutEvent(
    trx,
    sale.orderId,
    null,
    'scheduled',
    { actor: 'payouts.schedule', reason: "the stay is the buyer's" },
    now,
  );
  await postSettlement(trx, { ...sale, feeCents, now });
  if (sale.hotelFee) await scheduleHotelPayout(trx, { ...sale, hotelFee: sale.hotelFee, releaseAt }, now);
  await enqueueJob(trx, PAYOUT_JOBS.send, sale.orderId, { orderId: sale.orderId }, now, releaseAt);
  return true;
}

/**
 * The schedule job (orders/sale-jobs.ts), queued by the handover in the transaction that records the stay as the
 * buyer's: settles the sale and schedules its payout under the order's lock, only while the order is still
 * `transferred`. A sale refunded before this ran was never settled, so there is nothing to cancel or undo.
 */
export async function scheduleSalePayout(deps: PayoutDeps, orderId: string): Promise<void> {
  await inTransaction(deps.db, async (trx) => {
    const { order, listing } = await lockOrderAndListing(trx, orderId);
    if (order.state !== 'transferred') {
      deps.logger.info({ orderId, state: order.state }, 'no payout scheduled: the order is no longer transferred');
      return;
    }
    if (!(await schedulePayout(trx, saleOf(order, listing), deps.payouts, deps.clock())))
      deps.logger.info({ orderId }, 'no payout scheduled: the order’s payout was scheduled before');
  });
}

const saleOf = (
  order: {
    id: string;
    seller_id: string;
    currency: string;
    amount_cents: number;
    hotel_fee_cents: number;
    fee_hotel_id: string | null;
  },
  listing: { start_utc: Date },
): SettledSale => ({
  orderId: order.id,
  sellerId: order.seller_id,
  currency: order.currency,
  saleCents: order.amount_cents,
  hotelFee:
    order.fee_hotel_id && order.hotel_fee_cents > 0
      ? { hotelId: order.fee_hotel_id, cents: order.hotel_fee_cents }
      : null,
  checkInUtc: listing.start_utc,
});

/**
 * The pay-kept-sale job (orders/sale-jobs.ts), queued by the handover when the buyer keeps a refunded stay (ADR
 * 0075): the seller is paid as for a sale that stands. A sale refunded before it was settled is settled and
 * scheduled now; a payout scheduled before the refund (its send job found the order refunded and sent nothing) is
 * sent at its release time. A payout already sent stays with the seller.
 */
export async function payKeptSale(deps: PayoutDeps, orderId: string): Promise<void> {
  await inTransaction(deps.db, async (trx) => {
    const now = deps.clock();
    const { order, listing } = await lockOrderAndListing(trx, orderId);
    if (order.reverse_handover !== 'kept_by_buyer') {
      deps.logger.info({ orderId, reverseHandover: order.reverse_handover }, 'no kept sale to pay');
      return;
    }
    if (await schedulePayout(trx, saleOf(order, listing), deps.payouts, now)) return;
    const payout = await trx
      .selectFrom('payouts')
      .select(['state', 'release_at'])
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    if (payout.state !== 'scheduled') {
      deps.logger.info({ orderId, state: payout.state }, 'kept sale: its payout is not waiting to be sent');
      return;
    }
    const sendAt = payout.release_at > now ? payout.release_at : now;
    await enqueuePendingJob(trx, PAYOUT_JOBS.send, orderId, { orderId }, now, sendAt);
  });
}
