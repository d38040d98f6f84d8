import { z } from 'zod';
import type { CancelCheckoutResult } from '../../contract/buying.ts';
import type { VerifiedUser } from '../auth/token-verifier.ts';
import { notFound } from '../http/errors.ts';
import { cancelCheckout } from './cancel-checkout.ts';
import type { BuyingDeps } from './deps.ts';

/**
 * The cancel page of a tab or device that kept no session id names the stay instead: the caller's own checkout
 * of that listing is cancelled the same way (their open one; else their latest, whose state is the answer).
 * Someone else's checkout of the stay is never found this way, so it cannot be cancelled by naming the stay.
 */
export async function cancelCheckoutOfListing(
  deps: BuyingDeps,
  user: VerifiedUser,
  listingId: string,
): Promise<CancelCheckoutResult> {
  if (!z.guid().safeParse(listingId).success) throw notFound('Checkout');
  const order = await deps.db
    .selectFrom('orders')
    .select(['state', 'checkout_session_id', 'listing_id'])
    .where('listing_id', '=', listingId)
    .where('buyer_id', '=', user.id)
    // The open checkout first (at most one per listing), then the most recent.
    .orderBy((eb) => eb.case().when('state', '=', 'open').then(0).else(1).end())
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!order) throw notFound('Checkout');
  // A checkout whose session is still being created has nothing to cancel at the provider yet; its hold lapses.
  if (!order.checkout_session_id) return { orderState: order.state, listingId: order.listing_id };
  return cancelCheckout(deps, user, order.checkout_session_id);
}
