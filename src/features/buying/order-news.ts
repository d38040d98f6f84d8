import type { PurchasedStay } from '../../../contract/buying.ts';
import type { TransferRetry } from '../../../contract/handover.ts';
import { formatMoment } from '../../lib/format.ts';

type Order = PurchasedStay['order'];

/** While the hotel's system does not answer: that we keep trying, until when, and what happens after. */
export function retryText(retry: TransferRetry): string {
  const until = formatMoment(retry.triesUntil) ?? retry.triesUntil;
  return (
    `The hotel's system is not answering. We keep trying until ${until}; if it still does not answer by then, ` +
    'we confirm with the hotel before anything else: you get the stay or your payment back in full.'
  );
}

/**
 * A stay refunded after it was in the buyer's name (ADR 0075): who holds it now, in one sentence for the buyer;
 * null for any other order.
 */
export function reverseHandoverText(order: Order, hotel: string): string | null {
  switch (order.reverseHandover?.state) {
    case 'pending':
      return (
        `We are asking ${hotel} to take the reservation out of your name and give it back to the seller; until ` +
        'it does, it stays in your name.'
      );
    case 'returned_to_seller':
      return `The reservation at ${hotel} is no longer in your name: the hotel gave it back to the seller.`;
    case 'kept_by_buyer':
      return (
        `The reservation at ${hotel} is still in your name: the hotel could not give it back to the seller, so ` +
        'you may still check in with your own ID.'
      );
    default:
      return null;
  }
}

/**
 * Where a bought stay stands, in one sentence for the buyer, true at each step: "in your name" only once the
 * hotel has done it, and never before.
 */
export function orderNews(order: Order, hotel: string): string {
  switch (order.state) {
    case 'paid':
    case 'transferring':
      return order.transferRetry
        ? `Payment received. ${retryText(order.transferRetry)}`
        : `Payment received. We are putting the reservation in your name at ${hotel}.`;
    case 'transfer_unknown':
      return (
        `Payment received. We are confirming with the hotel that the reservation at ${hotel} is in your name; ` +
        'if it is not, your payment is refunded in full.'
      );
    case 'transferred':
      return `The reservation is in your name at ${hotel}.`;
    case 'refunded':
      if (order.reverseHandover) {
        const why = order.refund ? ` ${order.refund.message}` : '';
        return `Your payment was refunded in full.${why} ${reverseHandoverText(order, hotel)}`;
      }
      return couldNotGive(order, hotel);
    case 'transfer_failed':
    case 'refund_pending':
      return couldNotGive(order, hotel);
    default:
      return 'Payment received.';
  }
}

/** A sale that did not (or no longer does) give the buyer the stay, and where their money is. */
function couldNotGive(order: Order, hotel: string): string {
  const why = order.refund ? ` ${order.refund.message}` : '';
  const money = order.state === 'refunded' ? 'was refunded' : 'is being refunded';
  return `We could not give you this stay at ${hotel}.${why} Your payment ${money} in full.`;
}
