import type { MailMessage } from '../mail/mailer.ts';
import { formatCents } from '../../contract/money-format.ts';
import { countNights, formatStayDate } from '../listings/stay-format.ts';

/** What the buying emails say about one order and its stay. */
export interface OrderFacts {
  orderId: string;
  title: string;
  hotel: string;
  city: string;
  country: string;
  start: Date;
  end: Date;
  /** The hotel's IANA time zone: the stay's dates are shown as calendar days there. */
  timeZone: string;
  amountCents: number;
  currency: string;
  publicUrl: string;
  /** Why the buyer's money goes back, in the buyer's words (only the buyer's refund notice says it). */
  refundReason: string;
  /** What the seller receives and in which currency (only the seller's sale notice says it). */
  sellerPayout: string;
}

function stayLines(facts: OrderFacts, amountLabel: string): string[] {
  return [
    `Hotel: ${facts.hotel}`,
    `Stay: ${facts.title}`,
    `City: ${facts.city}, ${facts.country}`,
    `Check-in: ${formatStayDate(facts.start, facts.timeZone)}`,
    `Check-out: ${formatStayDate(facts.end, facts.timeZone)}`,
    `Nights: ${countNights(facts.start, facts.end)}`,
    `${amountLabel}: ${formatCents(facts.amountCents, facts.currency)}`,
    `Order: ${facts.orderId}`,
  ];
}

export function buyerReceipt(to: string, facts: OrderFacts): MailMessage {
  return {
    to,
    subject: `Your stay at ${facts.hotel} is booked`,
    text: [
      'Thank you for your purchase on Restay. Your payment is confirmed.',
      '',
      ...stayLines(facts, 'Amount paid'),
      '',
      'What happens next: we are asking the hotel to put the reservation in your name. You will hear from us as soon as it is done, so you can check in with your own ID. If the hotel cannot do it, you get every cent back.',
      '',
      `Your stays: ${facts.publicUrl}/my-stays`,
    ].join('\n'),
  };
}

export function sellerSaleNotice(to: string, facts: OrderFacts): MailMessage {
  return {
    to,
    subject: `Your stay at ${facts.hotel} has sold`,
    text: [
      'Good news: a traveller has bought the stay you listed on Restay.',
      '',
      ...stayLines(facts, 'Sold for'),
      facts.sellerPayout,
      '',
      "What happens next: we are asking the hotel to put the reservation in the buyer's name; we will email you when it has left yours. Please do not cancel or change the reservation.",
      '',
      `Your listings: ${facts.publicUrl}/my-listings`,
    ].join('\n'),
  };
}

/** Sent once the provider confirmed the refund, with the true reason (contract REFUND_REASON_MESSAGES). */
export function buyerRefundNotice(to: string, facts: OrderFacts): MailMessage {
  return {
    to,
    subject: `Your payment for ${facts.hotel} has been refunded`,
    text: [
      `We could not give you this stay. Why: ${facts.refundReason}`,
      `We have refunded the full amount, ${formatCents(facts.amountCents, facts.currency)}, to the card you paid with. Refunds usually appear within 5 to 10 business days.`,
      '',
      ...stayLines(facts, 'Amount refunded'),
      '',
      `Find another stay: ${facts.publicUrl}/marketplace`,
    ].join('\n'),
  };
}
