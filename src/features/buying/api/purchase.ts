import type { CancelCheckoutRequest } from '../../../../contract/buying.ts';
import { apiPatch, apiPost } from '../../../lib/api-client.ts';

/**
 * PATCH /api/listings/:id/purchase: asks for the sold listing once the payment is in. The server records the
 * sale itself from the payment provider, so a failure here changes nothing for the buyer and is only logged.
 */
export async function markPurchased(listingId: string, buyerId: string): Promise<void> {
  await apiPatch(`/api/listings/${encodeURIComponent(listingId)}/purchase`, {
    buyer_id: buyerId,
    user_id: buyerId,
  });
}

/**
 * POST /api/payment/cancel: the buyer left the hosted checkout, so the server releases the stay at once. The
 * checkout is named by its session when this tab kept it, else by the stay (the buyer's own open checkout of it).
 */
export async function cancelCheckout(checkout: CancelCheckoutRequest): Promise<void> {
  await apiPost('/api/payment/cancel', checkout);
}
