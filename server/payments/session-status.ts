import type { SessionStatus } from '../../contract/buying.ts';
import { isPaymentRecorded } from '../../contract/order-state.ts';
import type { VerifiedUser } from '../auth/token-verifier.ts';
import type { OrderRow } from '../db/schema.ts';
import { findBuyersOrder } from './buyers-order.ts';
import type { BuyingDeps } from './deps.ts';
import { fulfilCheckout } from './fulfil-checkout.ts';
import { refundInfoOf } from './order-views.ts';
import { releaseHoldWithNoOpenSession } from './release-hold.ts';

/**
 * What the success page asks until the payment is settled. While the order is open the provider is asked:
 * a paid session is fulfilled through the same path as the webhook (the webhook may come later, or never), an
 * expired one releases the hold. Once the order has ended, its state is the answer without asking anyone.
 */
export async function getSessionStatus(
  deps: BuyingDeps,
  user: VerifiedUser,
  sessionId: string,
): Promise<SessionStatus> {
  let order = await findBuyersOrder(deps, user, sessionId);
  let providerStatus: { status: string; paymentStatus: string } | undefined;
  if (order.state === 'open') {
    const session = await deps.payments.retrieveCheckoutSession(sessionId);
    providerStatus = { status: session.status, paymentStatus: session.paymentStatus };
    if (session.paymentStatus === 'paid') {
      order = (await fulfilCheckout(deps, session, 'session status lookup'))?.order ?? order;
    } else if (session.status === 'expired') {
      order = await releaseHoldWithNoOpenSession(deps, order.id, 'expired', 'session expired at the provider');
    }
  }
  return {
    // Still open: the provider's session status. Otherwise the order's own state, whichever it is.
    status: order.state === 'open' ? (providerStatus?.status ?? 'open') : order.state,
    session: {
      id: sessionId,
      payment_status: providerStatus?.paymentStatus ?? settledPaymentStatus(order),
      metadata: { buyerId: order.buyer_id, listingId: order.listing_id, orderId: order.id },
    },
    orderState: order.state,
    listingId: order.listing_id,
    refund: refundInfoOf(order, 'buyer'),
  };
}

function settledPaymentStatus(order: OrderRow) {
  return isPaymentRecorded(order.state) ? 'paid' : 'unpaid';
}
