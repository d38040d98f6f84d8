import type { OrderState } from '../../../contract/buying.ts';

/**
 * How a buyer reads each order state: the badge of the stay (where it stands now) and the step of its timeline
 * (what happened then). A failed transfer is always followed by a refund, so its badge already says so.
 */
export const ORDER_STATE_TEXT: Record<OrderState, { badge: string; step: string }> = {
  open: { badge: 'Awaiting payment', step: 'Checkout started' },
  paid: { badge: 'Paid', step: 'Paid' },
  transferring: { badge: 'Transferring', step: 'Transferring to your name' },
  transfer_unknown: { badge: 'Confirming with the hotel', step: 'We are confirming with the hotel' },
  transferred: { badge: 'In your name', step: 'In your name' },
  transfer_failed: { badge: 'Refund on its way', step: 'The hotel could not transfer it' },
  refund_pending: { badge: 'Refund on its way', step: 'Refund on its way' },
  refunded: { badge: 'Refunded', step: 'Refunded' },
  expired: { badge: 'Expired', step: 'Checkout expired' },
  cancelled: { badge: 'Cancelled', step: 'Checkout cancelled' },
};
