import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database, OrderRow } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { transitionListing } from '../listings/transition.ts';
import type { BuyingDeps } from './deps.ts';
import { enqueuePaymentJob } from './jobs.ts';
import { lockOrderAndListing } from './order-lock.ts';
import { transitionOrder } from './order-transition.ts';
import type { CheckoutSession } from './stripe/payments.ts';

export type FulfilOutcome = 'sold' | 'refunded' | 'already-settled' | 'not-paid';

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
 * page) and however often. In one transaction: when the listing is still held for this order, the order
 * becomes paid and the listing sold to the buyer, and the receipt and sale notice are queued; when the hold
 * is gone (released, expired, sold to someone else) or the amount is not the order's, the order becomes
 * refunded and the refund is queued. An order already paid or refunded stays as it is.
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
    if (order.state === 'paid' || order.state === 'refunded') return { order, outcome: 'already-settled' as const };
    const changes = {
      checkout_session_id: session.id,
      payment_intent_id: session.paymentIntentId ?? order.payment_intent_id,
    };
    const amountMatches =
      (session.amountTotalCents === null || session.amountTotalCents === order.amount_cents) &&
      (session.currency === null || session.currency.toUpperCase() === order.currency.toUpperCase());
    if (order.state === 'open' && listing.status === 'reserved' && amountMatches) {
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
      await enqueuePaymentJob(trx, 'receipt_email', order.id, now);
      await enqueuePaymentJob(trx, 'sale_email', order.id, now);
      return { order: paid, outcome: 'sold' as const };
    }
    // The buyer paid for a stay this order no longer holds: the money goes back and the buyer is told.
    const refunded = await transitionOrder(trx, {
      orderId: order.id,
      from: ['open', 'expired', 'cancelled'],
      to: 'refunded',
      now,
      reason: amountMatches ? `${reason} after the hold ended` : `${reason} with an amount that is not the order's`,
      changes,
    });
    // An open order owns the listing's hold: give the stay back to the market.
    if (order.state === 'open' && listing.status === 'reserved') {
      await transitionListing(trx, { listingId: listing.id, from: ['reserved'], to: 'active', now });
    }
    await enqueuePaymentJob(trx, 'refund', order.id, now);
    return { order: refunded, outcome: 'refunded' as const };
  });
}
