import { isOrderState, isRefund, isSale } from '../../../contract/order-state.ts';

/**
 * What a session status means for the buyer on the way back from the checkout: the stay is theirs (`sale`,
 * whatever step the handover is at), the money is going or gone back (`refund`), the checkout ended unpaid
 * (`unpaid`), or the payment is not confirmed yet (`pending`: the provider's own statuses and an open order).
 */
export type PaymentOutcome = 'sale' | 'refund' | 'unpaid' | 'pending';

export function paymentOutcome(status: string): PaymentOutcome {
  if (!isOrderState(status)) return 'pending';
  if (isSale(status)) return 'sale';
  if (isRefund(status)) return 'refund';
  return status === 'expired' || status === 'cancelled' ? 'unpaid' : 'pending';
}
