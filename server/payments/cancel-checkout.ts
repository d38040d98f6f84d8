import type { CancelCheckoutResult } from '../../contract/buying.ts';
import type { VerifiedUser } from '../auth/token-verifier.ts';
import { findBuyersOrder } from './buyers-order.ts';
import type { BuyingDeps } from './deps.ts';
import { endHold } from './release-hold.ts';

/**
 * The buyer left the hosted checkout (the cancel page): the session is expired at the provider first, then the
 * stay goes back on the market. If the provider says the buyer paid after all, the payment is recorded
 * instead. Cancelling a checkout that already ended answers its state and changes nothing.
 */
export async function cancelCheckout(deps: BuyingDeps, user: VerifiedUser, sessionId: string): Promise<CancelCheckoutResult> {
  const order = await findBuyersOrder(deps, user, sessionId);
  const after = order.state === 'open' ? await endHold(deps, order, 'cancelled', 'cancelled by the buyer') : order;
  return { orderState: after.state, listingId: after.listing_id };
}
