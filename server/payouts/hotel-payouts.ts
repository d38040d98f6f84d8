import { settledPayoutCents } from '../../contract/payouts.ts';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { enqueueJob, enqueuePendingJob } from '../jobs/enqueue.ts';
import { holdJobLease, type JobLease } from '../jobs/lease.ts';
import { postHotelPayout, postHotelReversal } from '../ledger/hotel-fee-events.ts';
import type { ProviderTransfer } from '../ledger/provider-records.ts';
import { recordPayoutEvent, transitionPayout } from '../orders/payout-transition.ts';
import { payoutMayBeTakenBack } from '../orders/reverse-handover.ts';
import type { PayoutDeps } from './deps.ts';
import { PAYOUT_JOBS } from './jobs.ts';
import { SALE_JOBS } from '../orders/sale-jobs.ts';
import { refusalReason } from './provider-refusal.ts';
import { ORDER_COLUMNS_TO_SEND, settledChargeOf } from './send-payout.ts';
import { queueFeeBillPosting } from './post-hotel-fee.ts';

/**
 * The hotel's name-change fee is paid like the seller's share (ADR 0090): scheduled with the seller's payout when
 * the stay is the buyer's and released at the same time, sent by a job with the same retries to the hotel's own
 * connected account (idempotency key `hotel-payout:<orderId>`, transfer group `hotel-fee:<orderId>`), waiting
 * while the hotel has no ready account (the console shows what it is owed), cancelled or taken back when the sale
 * is undone. Its history is the order's `payout_events` with payee `hotel`. A partial refund holds the seller's
 * share only: the hotel did the name change the fee pays for.
 */

const HOTEL = { payee: 'hotel' as const };

/** In the transaction that settles the sale: the fee's payout, due when the seller's is. Once per order. */
export async function scheduleHotelPayout(
  trx: Transaction<Database>,
  sale: { orderId: string; currency: string; hotelFee: { hotelId: string; cents: number }; releaseAt: Date },
  now: Date,
) {
  const scheduled = await trx
    .insertInto('hotel_payouts')
    .values({
      order_id: sale.orderId,
      hotel_id: sale.hotelFee.hotelId,
      currency: sale.currency.toUpperCase(),
      fee_cents: sale.hotelFee.cents,
      state: 'scheduled',
      release_at: sale.releaseAt,
      transfer_id: null,
      reversal_id: null,
      paid_at: null,
      reversed_at: null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('order_id').doNothing())
    .returning('order_id')
    .executeTakeFirst();
  if (!scheduled) return;
  const cause = { actor: 'payouts.schedule', reason: "the stay is the buyer's" };
  await recordPayoutEvent(trx, sale.orderId, null, 'scheduled', cause, now, 'hotel');
  await enqueueJob(trx, PAYOUT_JOBS.sendHotelFee, sale.orderId, { orderId: sale.orderId }, now, sale.releaseAt);
  await queueFeeBillPosting(trx, sale.orderId, sale.hotelFee.hotelId, now);
}

/** The send job of a hotel's fee: as sendPayout for the seller's share, to the hotel's account. */
export async function sendHotelPayout(deps: PayoutDeps, orderId: string, lease?: JobLease): Promise<void> {
  const payout = await deps.db
    .selectFrom('hotel_payouts')
    .innerJoin('orders', 'orders.id', 'hotel_payouts.order_id')
    .leftJoin('hotel_payout_accounts as account', 'account.hotel_id', 'hotel_payouts.hotel_id')
    .select([
      'hotel_payouts.state',
      'hotel_payouts.hotel_id',
      'hotel_payouts.fee_cents',
      ...ORDER_COLUMNS_TO_SEND,
      'account.provider_account_id',
      'account.transfers_active',
    ])
    .where('hotel_payouts.order_id', '=', orderId)
    .executeTakeFirst();
  const notSent = (why: string) =>
    deps.logger.info({ orderId, actor: 'payouts.send_hotel_fee' }, `fee not sent: ${why}`);
  if (!payout) return notSent('the order has no hotel fee');
  const [made] = await deps.payments.listTransfers(orderId, 'hotel');
  // A transfer made while a refund cancelled the payout (a send that timed out) is recorded, then reversed.
  if (made && payout.state !== 'paid') return recordHotelTransfer(deps, orderId, payout.hotel_id, made, lease);
  if (payout.state !== 'scheduled') return notSent(`the payout is ${payout.state}, not scheduled`);
  const keptByBuyer = payout.reverse_handover === 'kept_by_buyer';
  if (!keptByBuyer && (payout.order_state !== 'transferred' || payout.refunded_at))
    return notSent(`the order is ${payout.order_state}: its refund cancels the payout`);
  if (!payout.provider_account_id || !payout.transfers_active) return waitForHotelAccount(deps, orderId, lease);
  const settled = await settledChargeOf(deps, orderId, payout);
  const amount = { currency: settled.settledCurrency, amountCents: settledPayoutCents(settled, payout.fee_cents) };
  let transfer;
  try {
    transfer = await deps.payments.createTransfer({
      orderId,
      ...HOTEL,
      accountId: payout.provider_account_id,
      ...amount,
      sourceChargeId: settled.chargeId,
    });
  } catch (error) {
    if (refusalReason(error) === 'account_not_ready') return waitForHotelAccount(deps, orderId, lease);
    throw error;
  }
  await recordHotelTransfer(deps, orderId, payout.hotel_id, transfer, lease);
}

async function waitForHotelAccount(deps: PayoutDeps, orderId: string, lease: JobLease | undefined) {
  await inTransaction(deps.db, async (trx) => {
    await holdJobLease(trx, lease);
    await transitionPayout(trx, {
      ...HOTEL,
      orderId,
      from: ['scheduled'],
      to: 'waiting_account',
      now: deps.clock(),
      actor: 'payouts.send_hotel_fee',
      reason: 'the hotel has no payout account that can receive transfers',
    });
  });
}

/** Records the fee's transfer once (paid, posted); a sale undone meanwhile gets its reversal queued. */
async function recordHotelTransfer(
  deps: PayoutDeps,
  orderId: string,
  hotelId: string,
  transfer: ProviderTransfer,
  lease: JobLease | undefined,
) {
  await inTransaction(deps.db, async (trx) => {
    await holdJobLease(trx, lease);
    const now = deps.clock();
    const paid = await transitionPayout(trx, {
      ...HOTEL,
      orderId,
      from: ['scheduled', 'cancelled'],
      to: 'paid',
      now,
      changes: {
        transfer_id: transfer.id,
        paid_at: now,
        payout_currency: transfer.currency,
        payout_cents: transfer.amountCents,
      },
      actor: 'payouts.send_hotel_fee',
      reason: `transfer ${transfer.id} made`,
    });
    if (!paid) return;
    const { fee_cents } = await trx
      .selectFrom('hotel_payouts')
      .select('fee_cents')
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    await postHotelPayout(trx, {
      reference: transfer.id,
      orderId,
      hotelId,
      saleCurrency: paid.currency,
      feeCents: fee_cents,
      currency: transfer.currency,
      amountCents: transfer.amountCents,
      now,
    });
    const order = await trx
      .selectFrom('orders')
      .select(['state', 'reverse_handover'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    if (payoutMayBeTakenBack(order)) await enqueuePendingJob(trx, SALE_JOBS.reverseHotelFee, orderId, { orderId }, now);
  });
}

/**
 * The reverse job of a hotel's fee: a transfer found at the provider for a cancelled payout is recorded first;
 * one with the hotel is taken back (`hotel-reversal:<orderId>`). A refusal leaves it `reversal_failed`, logged
 * for an operator: the hotel owes the fee back, and the ledger keeps the hotel's payable owing it.
 */
export async function reverseHotelPayout(deps: PayoutDeps, orderId: string, lease?: JobLease): Promise<void> {
  const order = await deps.db
    .selectFrom('orders')
    .select(['state', 'reverse_handover'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  if (!payoutMayBeTakenBack(order)) return;
  const load = () => deps.db.selectFrom('hotel_payouts').selectAll().where('order_id', '=', orderId).executeTakeFirst();
  let payout = await load();
  if (payout?.state === 'cancelled') {
    const [made] = await deps.payments.listTransfers(orderId, 'hotel');
    if (made) await recordHotelTransfer(deps, orderId, payout.hotel_id, made, lease);
    payout = await load();
  }
  if (payout?.state !== 'paid' || !payout.transfer_id) return;
  let reversal;
  try {
    reversal = await deps.payments.reverseTransfer({ ...HOTEL, transferId: payout.transfer_id, orderId });
  } catch (error) {
    if (refusalReason(error) !== 'reversal_refused') throw error;
    deps.logger.error({ orderId, err: error }, 'the fee of a refunded stay could not be taken back: the hotel owes it');
    await inTransaction(deps.db, async (trx) => {
      await holdJobLease(trx, lease);
      await transitionPayout(trx, {
        ...HOTEL,
        orderId,
        from: ['paid'],
        to: 'reversal_failed',
        now: deps.clock(),
        actor: 'payouts.reverse_hotel_fee',
        reason: `the provider refused to reverse transfer ${payout.transfer_id}: the hotel owes it`,
      });
    });
    return;
  }
  await inTransaction(deps.db, async (trx) => {
    await holdJobLease(trx, lease);
    const now = deps.clock();
    const reversed = await transitionPayout(trx, {
      ...HOTEL,
      orderId,
      from: ['paid', 'reversal_failed'],
      to: 'reversed',
      now,
      changes: { reversal_id: reversal.id, reversed_at: now },
      actor: 'payouts.reverse_hotel_fee',
      reason: `transfer reversed by ${reversal.id}: the stay was refunded`,
    });
    if (!reversed) return;
    await postHotelReversal(trx, {
      reference: reversal.id,
      orderId,
      hotelId: payout.hotel_id,
      saleCurrency: payout.currency,
      feeCents: payout.fee_cents,
      currency: reversal.currency,
      amountCents: reversal.amountCents,
      now,
    });
  });
}
