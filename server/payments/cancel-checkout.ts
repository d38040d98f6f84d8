import type { CancelCheckoutResult } from '../../contract/buying.ts';
import type { VerifiedUser } from '../auth/token-verifier.ts';
import { AppError } from '../http/errors.ts';
import { findBuyersOrder } from './buyers-order.ts';
import type { BuyingDeps } from './deps.ts';
import { endHold } from './release-hold.ts';

/**
 * The buyer left the hosted checkout (the cancel page): the session is expired at the provider first, then the
 * stay goes back on the market. If the provider says the buyer paid after all, the payment is recorded
 * instead. Cancelling a checkout that already ended answers its state and changes nothing.
 */
export async function cancelCheckout(
  deps: BuyingDeps,
  user: VerifiedUser,
  sessionId: string,
): Promise<CancelCheckoutResult> {
  const order = await findBuyersOrder(deps, user, sessionId);
  if (order.state !== 'open') return { orderState: order.state, listingId: order.listing_id };
  try {
    const after = await endHold(deps, order, 'cancelled', 'cancelled by the buyer');
    return { orderState: after.state, listingId: after.listing_id };
  } catch (error) {
    // The hold stays: releasing it before the provider confirms would let a late payment land on a free stay.
    if (error instanceof AppError) throw error;
    deps.logger.error({ err: error, orderId: order.id }, 'cancelling the checkout at the provider failed');
    throw new AppError(
      'UPSTREAM_ERROR',
      "We couldn't cancel the checkout with the payment provider. Please try again.",
    );
  }
}
