import type { PurchasedStay } from '../../../contract/buying.ts';
import type { ReverseHandover } from '../../../contract/order-state.ts';

type Order = PurchasedStay['order'];

/** The confirmation page's heading and its "What happens next", from where the order stands now. */
export interface Confirmation {
  heading: string;
  /** The tab's title. */
  title: string;
  next: string[];
}

const WHILE_HANDED_OVER: Confirmation = {
  heading: 'Congratulations!',
  title: 'Booking Confirmed',
  next: [
    'The hotel puts the reservation in your name, usually within minutes.',
    "You'll get an email with your receipt, and another with the hotel's confirmation number once the stay is in " +
      'your name. If the hotel cannot transfer it, your payment is refunded in full.',
    "My Stays shows each step, and the hotel's details whenever you need them.",
  ],
};

/**
 * What the buyer reads on the confirmation page, true at each step: the same page is open while the handover
 * finishes, or a refund ends it. Before the order is read (or with no stay named) it is the page of a payment just
 * received.
 */
export function confirmationOf(order: Order | undefined, hotel: string): Confirmation {
  switch (order?.state) {
    case 'transferred':
      return {
        heading: 'Congratulations!',
        title: 'Booking Confirmed',
        next: [
          `The reservation is in your name at ${hotel}. Its confirmation number is the one in your email and on My ` +
            'Stays: the hotel now holds it under your name and email, so changes and cancellations go through you, ' +
            'not the seller.',
          'Check in as you would with any booking, with an ID in the name you gave at checkout.',
          "My Stays keeps the hotel's address, your dates and the confirmation number.",
        ],
      };
    case 'transfer_failed':
    case 'refund_pending':
      return {
        heading: 'Your payment is being refunded',
        title: 'Payment Being Refunded',
        next: [
          'The full amount is on its way back to your card; banks usually show it within 5 to 10 business days.',
          'We email you as soon as the refund is done.',
          'Other stays are waiting in the marketplace.',
        ],
      };
    case 'refunded':
      return order.reverseHandover ? REFUNDED_AFTER_HANDOVER[order.reverseHandover.state](hotel) : REFUNDED;
    default:
      return WHILE_HANDED_OVER;
  }
}

const REFUNDED: Confirmation = {
  heading: 'Your payment was refunded',
  title: 'Payment Refunded',
  next: [
    'The full amount went back to your card; banks usually show it within 5 to 10 business days.',
    'The email we sent says why, and My Stays keeps the refund.',
    'Other stays are waiting in the marketplace.',
  ],
};

const MONEY_BACK = 'The full amount went back to your card; banks usually show it within 5 to 10 business days.';

/**
 * Refunded after the stay was in the buyer's name (ADR 0075): the hotel is asked to give it back to the seller,
 * did, or could not (then the buyer keeps both the stay and the refund).
 */
const REFUNDED_AFTER_HANDOVER: Record<ReverseHandover, (hotel: string) => Confirmation> = {
  pending: (hotel) => ({
    heading: 'Your payment was refunded',
    title: 'Payment Refunded',
    next: [
      MONEY_BACK,
      `We are asking ${hotel} to take the reservation out of your name and give it back to the seller. Until it ` +
        'does, the reservation is still in your name; we email you once it is settled.',
    ],
  }),
  returned_to_seller: (hotel) => ({
    heading: 'Your refund is complete',
    title: 'Refund Complete',
    next: [
      MONEY_BACK,
      `The reservation at ${hotel} is no longer in your name: the hotel gave it back to the seller, so you cannot ` +
        'check in with it.',
      'Other stays are waiting in the marketplace.',
    ],
  }),
  kept_by_buyer: (hotel) => ({
    heading: 'Your refund is complete, and the stay is still yours',
    title: 'Refund Complete',
    next: [
      MONEY_BACK,
      `The hotel could not give the reservation back to the seller, so it stays in your name at ${hotel}: check ` +
        'in with an ID in the name you gave at checkout.',
      "My Stays keeps the hotel's address, your dates and the confirmation number.",
    ],
  }),
};
