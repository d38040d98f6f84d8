import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { enqueueJob } from '../jobs/enqueue.ts';
import { JobCannotSucceed, RetryJobLater } from '../jobs/errors.ts';
import { PmsBillError, type BillPosting } from '../selling/pms/pms.ts';
import type { PayoutDeps } from './deps.ts';
import { PAYOUT_JOBS } from './jobs.ts';

/** The fee's item on the hotel's bill, as its front desk reads it. */
export const FEE_ITEM_NAME = 'Name-change fee (Restay resale)';

/** The console's line for a hotel that has not granted the bill calls. */
export const ORDERS_PERMISSION_NEEDED = 'Posting fees to your bills needs the Orders permission';

/**
 * In the transaction that settles the sale: the fee's posting to the reservation's bill at the hotel, done by
 * its own job, so the hotel's books balance without anyone typing it. It never holds up the sale or the payout.
 */
export async function queueFeeBillPosting(trx: Transaction<Database>, orderId: string, hotelId: string, now: Date) {
  const queued = await trx
    .insertInto('hotel_fee_postings')
    .values({ order_id: orderId, hotel_id: hotelId, state: 'pending', created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('order_id').doNothing())
    .returning('order_id')
    .executeTakeFirst();
  if (queued) await enqueueJob(trx, PAYOUT_JOBS.postHotelFee, orderId, { orderId }, now);
}

/**
 * The posting job: the fee as an order item and the money collected as an external payment, on the reservation's
 * bill (Pms.postFeeToBill). Only a sale that stands is posted. A hotel that has not granted the calls is recorded
 * `not_granted` (its console says so) and the job ends; a rate limit or a read that failed is tried again; a
 * refusal, or a write whose outcome is unknown (never repeated blindly: the hotel's bill may already have it), is
 * `failed` at once for an operator (`npm run jobs -- failed`).
 */
export async function postHotelFeeToBill(deps: PayoutDeps, orderId: string): Promise<void> {
  const row = await deps.db
    .selectFrom('hotel_fee_postings')
    .innerJoin('orders', 'orders.id', 'hotel_fee_postings.order_id')
    .innerJoin('reservations', 'reservations.id', 'orders.reservation_id')
    .innerJoin('hotels', 'hotels.id', 'hotel_fee_postings.hotel_id')
    .select([
      'hotel_fee_postings.state',
      'hotel_fee_postings.pms_order_id',
      'hotel_fee_postings.pms_payment_id',
      'orders.state as order_state',
      'orders.hotel_fee_cents',
      'orders.currency',
      'reservations.external_id',
      'hotels.enterprise_id',
    ])
    .where('hotel_fee_postings.order_id', '=', orderId)
    .executeTakeFirst();
  if (!row || row.state !== 'pending') return;
  const record = (changes: { state?: 'posted' | 'not_granted' | 'failed'; problem?: string } & Partial<BillPosting>) =>
    deps.db
      .updateTable('hotel_fee_postings')
      .set({
        ...(changes.state && { state: changes.state }),
        ...(changes.problem && { problem: changes.problem }),
        ...(changes.pmsOrderId && { pms_order_id: changes.pmsOrderId }),
        ...(changes.pmsPaymentId && { pms_payment_id: changes.pmsPaymentId }),
        updated_at: deps.clock(),
      })
      .where('order_id', '=', orderId)
      .execute();
  if (row.order_state !== 'transferred') {
    await record({ state: 'failed', problem: `the order is ${row.order_state}: nothing to post` });
    return;
  }
  if (!deps.pms.postFeeToBill) {
    await record({ state: 'failed', problem: "the hotel's system takes no bill postings" });
    return;
  }
  const fee = {
    orderId,
    itemName: FEE_ITEM_NAME,
    amountCents: row.hotel_fee_cents,
    currency: row.currency,
  };
  try {
    const posted = await deps.pms.postFeeToBill(row.external_id, { enterpriseId: row.enterprise_id }, fee, {
      pmsOrderId: row.pms_order_id,
      pmsPaymentId: row.pms_payment_id,
    });
    await record({ state: 'posted', ...posted });
  } catch (error) {
    if (!(error instanceof PmsBillError)) throw error;
    await record(error.done);
    if (error.kind === 'not_granted') {
      deps.logger.warn({ orderId, err: error }, 'the hotel has not granted the bill calls: the fee is not on its bill');
      await record({ state: 'not_granted', problem: ORDERS_PERMISSION_NEEDED });
      return;
    }
    if (error.kind === 'rate_limited') throw new RetryJobLater(error.message, error.retryAfterMs ?? 60_000);
    if (error.kind === 'unavailable' && !error.inDoubt) throw error;
    await record({ state: 'failed', problem: error.message });
    throw new JobCannotSucceed(
      error.inDoubt
        ? `posting the fee got no answer and may have been made: check the reservation's bill at the hotel (${error.message})`
        : `the hotel refused the fee's posting: ${error.message}`,
      { cause: error },
    );
  }
}
