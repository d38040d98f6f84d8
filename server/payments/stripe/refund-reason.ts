import type { RefundReason } from '../../../contract/order-state.ts';

/**
 * The reason Stripe is told for a refund Restay asks for. Stripe reads `duplicate` and `fraudulent` as signals
 * about the card and the buyer, so it hears only what is true: a refund the buyer's side asked for (an operator
 * refunds on request) is `requested_by_customer`; a stay Restay could not deliver (paid too late, a wrong amount,
 * a hotel refusing or cancelling) has no Stripe reason at all. Restay's own reason goes in the refund's metadata.
 */
const STRIPE_REASONS: Record<RefundReason, 'requested_by_customer' | undefined> = {
  late_payment: undefined,
  amount_mismatch: undefined,
  hotel_refused: undefined,
  transfer_refused: undefined,
  transfer_failed: undefined,
  cancelled_by_hotel: undefined,
  refunded_by_provider: undefined,
  operator: 'requested_by_customer',
};

export function stripeRefundReason(reason: RefundReason | null): 'requested_by_customer' | undefined {
  return reason ? STRIPE_REASONS[reason] : undefined;
}
