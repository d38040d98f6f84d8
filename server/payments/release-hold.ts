import { inTransaction } from '../db/transaction.ts';
import { AppError } from '../http/errors.ts';
import type { OrderRow } from '../db/schema.ts';
import { transitionListing } from '../listings/transition.ts';
import type { BuyingDeps } from './deps.ts';
import { fulfilCheckout } from './fulfil-checkout.ts';
import { lockOrderAndListing } from '../orders/order-lock.ts';
import { transitionOrder } from '../orders/order-transition.ts';

export type HoldEnd = 'expired' | 'cancelled';

/**
 * Ends an open order's hold in one transaction: the order becomes `expired` or `cancelled` and the listing
 * goes back on the market. Only for a caller that knows no payment can land any more: the provider said the
 * session expired, or it was never created. Otherwise use `endHold`, which makes sure first. An order that is
 * no longer open is returned as it is, so a repeated or late release (a second expired event, the sweep after
 * the cancel page) changes nothing.
 */
export async function releaseHoldWithNoOpenSession(
  deps: Pick<BuyingDeps, 'db' | 'clock'>,
  orderId: string,
  to: HoldEnd,
  reason: string,
) {
  return inTransaction(deps.db, async (trx) => {
    const now = deps.clock();
    const { order, listing } = await lockOrderAndListing(trx, orderId);
    if (order.state !== 'open') return order;
    const released = await transitionOrder(trx, { orderId, from: ['open'], to, now, reason });
    // The open order is the hold, so its listing is reserved for it; checked anyway rather than assumed.
    if (listing.status === 'reserved') {
      await transitionListing(trx, { listingId: listing.id, from: ['reserved'], to: 'active', now });
    }
    return released;
  });
}

/**
 * Ends a hold the safe way round: the session is expired at the provider first, so no payment can land
 * afterwards; if the provider says the buyer already paid, the payment is fulfilled instead of released. A
 * session the provider does not know (Stripe's `resource_missing`) can never be paid, so its hold is released
 * rather than kept forever.
 */
export async function endHold(deps: BuyingDeps, order: OrderRow, to: HoldEnd, reason: string): Promise<OrderRow> {
  if (!order.checkout_session_id) return releaseHoldWithNoOpenSession(deps, order.id, to, reason);
  const session = await expireAtProvider(deps, order.checkout_session_id);
  if (!session) {
    const unknown = `${reason}; the payment provider no longer knows its checkout`;
    return releaseHoldWithNoOpenSession(deps, order.id, to, unknown);
  }
  if (session.paymentStatus === 'paid') {
    const fulfilled = await fulfilCheckout(deps, session, `paid before ${reason}`);
    if (fulfilled) return fulfilled.order;
  }
  return releaseHoldWithNoOpenSession(deps, order.id, to, reason);
}

/** The session as the provider left it after expiring it, or undefined when the provider does not know it. */
async function expireAtProvider(deps: BuyingDeps, sessionId: string) {
  try {
    return await deps.payments.expireCheckoutSession(sessionId);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return undefined;
    throw error;
  }
}
