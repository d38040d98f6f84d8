import { apiClient, apiPost } from '../../../lib/api-client.ts';

/**
 * PATCH /api/listings/:id/purchase: asks for the sold listing once the payment is in. The server records the
 * sale itself from the payment provider, so a failure here changes nothing for the buyer and is only logged.
 */
export async function markPurchased(listingId: string, buyerId: string): Promise<void> {
  await apiClient.patch(`/api/listings/${encodeURIComponent(listingId)}/purchase`, {
    buyer_id: buyerId,
    user_id: buyerId,
  });
}

/** POST /api/payment/cancel: the buyer left the hosted checkout, so the server releases the stay at once. */
export async function cancelCheckout(sessionId: string): Promise<void> {
  await apiPost('/api/payment/cancel', { sessionId });
}
