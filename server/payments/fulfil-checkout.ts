import type { Kysely } from 'kysely';
import { z } from 'zod';
import { isPaymentRecorded } from '../../contract/order-state.ts';
import type { Database, OrderRow } from '../db/schema.ts';
import { inTransaction, type Executor } from '../db/transaction.ts';
import { hasCheckInPassed } from '../listings/check-in.ts';
import { transitionListing } from '../listings/transition.ts';
import type { BuyingDeps } from './deps.ts';
import { SALE_JOBS } from '../orders/sale-jobs.ts';
import { enqueueJob } from '../jobs/enqueue.ts';
import { enqueueOrderJob, PAYMENT_JOBS } from './jobs.ts';
import { lockOrderAndListing } from '../orders/order-lock.ts';
import { refundsCoverPayment } from './provider-records.ts';
import { transitionOrder } from '../orders/order-transition.ts';
import { postPayment } from '../ledger/money-events.ts';
import type { CheckoutSession } from './stripe/payments.ts';
import { orderChargeCents } from './stay-charge.ts';
import { hotelRefusalsAtPayment } from './hotel-at-payment.ts';
import { pauseReasonText } from '../resale-policy/facts.ts';
import { pauseForHotel } from '../resale-policy/pause-listing.ts';

export type FulfilOutcome = 'sold' | 'refund_pending' | 'already-settled' | 'not-paid';

/**
 * Our order for a provider session: by the session id we stored, else by the order id we gave the provider as
 * client_reference_id (an event may come before the session id was written back).
 */
export async function findOrderForSession(
  db: Kysely<Database>,
  session: Pick<CheckoutSession, 'id' | 'clientReferenceId'>,
) {
  const bySession = await db
    .selectFrom('orders')
    .selectAll()
    .where('checkout_session_id', '=', session.id)
    .executeTakeFirst();
  if (bySession) return bySession;
  const orderId = z.uuid().safeParse(session.clientReferenceId);
  if (!orderId.success) return undefined;
  return db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', orderId.data)
    .where((eb) => eb.or([eb('checkout_session_id', 'is', null), eb('checkout_session_id', '=', session.id)]))
    .executeTakeFirst();
}

/**
 * Records what a paid checkout means, exactly once, whoever calls first (the webhook or the buyer's success
 * page) and however often. In one transaction: when the listing is still held for this order, check-in is
 * still ahead and the hotel's rule allowed the sale when the buyer paid, the order becomes paid and the listing
 * sold to the buyer, and the receipt and sale notice are queued; when the hold is gone (released, expired, sold
 * to someone else), the amount is not the order's or the hotel's rule refused it, the order becomes
 * refund_pending and the refund is queued. An order whose payment is already recorded (paid, transferring,
 * transferred, refunding...) stays as it is.
 */
export async function fulfilCheckout(
  deps: Pick<BuyingDeps, 'db' | 'clock'>,
  session: CheckoutSession,
  reason: string,
): Promise<{ order: OrderRow; outcome: FulfilOutcome } | undefined> {
  const found = await findOrderForSession(deps.db, session);
  if (!found) return undefined;
  if (session.paymentStatus !== 'paid') return { order: found, outcome: 'not-paid' };
  return inTransaction(deps.db, async (trx) => {
    const now = deps.clock();
    const { order, listing } = await lockOrderAndListing(trx, found.id);
    if (isPaymentRecorded(order.state)) return { order, outcome: 'already-settled' as const };
    // What the provider received, as the paid session states it (the charge is read by the record job).
    const received =
      session.amountTotalCents !== null && session.currency !== null
        ? { amount_received_cents: session.amountTotalCents, received_currency: session.currency.toUpperCase() }
        : {};
    const changes = {
      checkout_session_id: session.id,
      payment_intent_id: session.paymentIntentId ?? order.payment_intent_id,
      ...received,
    };
    // Whatever becomes of the sale, the money is now in the platform's balance, owed to the buyer until the stay
    // is theirs.
    await postPayment(trx, {
      orderId: order.id,
      amountCents: session.amountTotalCents ?? orderChargeCents(order),
      currency: session.currency ?? order.currency,
      now,
    });
    const amountMatches =
      (session.amountTotalCents === null || session.amountTotalCents === orderChargeCents(order)) &&
      (session.currency === null || session.currency.toUpperCase() === order.currency.toUpperCase());
    // A payment that completes once check-in has passed comes too late to hand the stay over: refunded as late.
    const checkInAhead = !hasCheckInPassed(listing.start_utc, now);
    // Refunded by hand in the provider's dashboard before its completion reached us (charge.refunded recorded the
    // refund against the order): never a sale.
    const refundedAlready = await refundsRecordedCover(
      trx,
      order.id,
      session.amountTotalCents ?? orderChargeCents(order),
    );
    const held = order.state === 'open' && listing.status === 'reserved';
    const sellable = held && amountMatches && checkInAhead && !refundedAlready;
    // The hotel's rule as it stood when the buyer paid (the provider's time; ours when it gave none): a pause or a
    // publish that came first refuses the sale even though the hold came before it (ADR 0093).
    const hotelRefusals = sellable
      ? await hotelRefusalsAtPayment(trx, listing.id, { paidAt: session.paidAt ?? now, heldAt: order.created_at })
      : [];
    if (sellable && !hotelRefusals.length) {
      const paid = await transitionOrder(trx, {
        orderId: order.id,
        from: ['open'],
        to: 'paid',
        now,
        reason,
        changes: { ...changes, paid_at: now },
      });
      await transitionListing(trx, {
        listingId: listing.id,
        from: ['reserved'],
        to: 'sold',
        now,
        changes: { buyer_id: order.buyer_id },
      });
      await enqueueOrderJob(trx, PAYMENT_JOBS.recordPayment, order.id, now);
      await enqueueOrderJob(trx, PAYMENT_JOBS.receiptEmail, order.id, now);
      await enqueueOrderJob(trx, PAYMENT_JOBS.saleEmail, order.id, now);
      // The handover starts with the sale: if this commits, the transfer at the hotel will be attempted.
      await enqueueJob(trx, SALE_JOBS.transfer, order.id, { orderId: order.id }, now);
      return { order: paid, outcome: 'sold' as const };
    }
    // The buyer paid for a stay this order no longer holds: the money goes back and the buyer is told.
    const refundReason = refundedAlready
      ? 'refunded_by_provider'
      : !amountMatches
        ? 'amount_mismatch'
        : hotelRefusals.length
          ? 'hotel_refused'
          : 'late_payment';
    const refunded = await transitionOrder(trx, {
      orderId: order.id,
      from: ['open', 'expired', 'cancelled'],
      to: 'refund_pending',
      now,
      reason: refundedAlready
        ? `${reason}, already refunded at the provider`
        : !amountMatches
          ? `${reason} with an amount that is not the order's`
          : hotelRefusals.length
            ? `${reason} after the hotel stopped allowing the sale: ${pauseReasonText(hotelRefusals)}`
            : checkInAhead
              ? `${reason} after the hold ended`
              : `${reason} after check-in had passed`,
      changes: { ...changes, refund_reason: refundReason, refund_requested_at: now },
    });
    // An open order owns the listing's hold: give the stay back to the market, or to the hotel's pause, with the
    // reason for its seller, as the hotel's policy pass pauses a stay whose hold it released (ADR 0080).
    if (held) {
      await transitionListing(trx, { listingId: listing.id, from: ['reserved'], to: 'active', now });
      if (!checkInAhead) await transitionListing(trx, { listingId: listing.id, from: ['active'], to: 'expired', now });
      else if (hotelRefusals.length)
        await pauseForHotel(trx, { id: listing.id, status: 'active', hotel_pause_reason: null }, hotelRefusals, now);
    }
    await enqueueOrderJob(trx, PAYMENT_JOBS.recordPayment, order.id, now);
    await enqueueOrderJob(trx, PAYMENT_JOBS.refund, order.id, now);
    return { order: refunded, outcome: 'refund_pending' as const };
  });
}

/** Whether the refunds the provider reported for the order (recorded from its events) already give back `paidCents`. */
async function refundsRecordedCover(trx: Executor, orderId: string, paidCents: number): Promise<boolean> {
  const recorded = await trx
    .selectFrom('order_refunds')
    .select(['status', 'amount_cents as amountCents'])
    .where('order_id', '=', orderId)
    .execute();
  return refundsCoverPayment(recorded, paidCents);
}
