import type { MailMessage } from '../mail/mailer.ts';
import { countNights, formatAmount, formatStayDate } from './stay-format.ts';

/** What the buying emails say about one order and its stay. */
export interface OrderFacts {
  orderId: string;
  title: string;
  hotel: string;
  city: string;
  country: string;
  start: Date;
  end: Date;
  amountCents: number;
  currency: string;
  publicUrl: string;
}

function stayLines(facts: OrderFacts, amountLabel: string): string[] {
  return [
    `Hotel: ${facts.hotel}`,
    `Room: ${facts.title}`,
    `City: ${facts.city}, ${facts.country}`,
    `Check-in: ${formatStayDate(facts.start)}`,
    `Check-out: ${formatStayDate(facts.end)}`,
    `Nights: ${countNights(facts.start, facts.end)}`,
    `${amountLabel}: ${formatAmount(facts.amountCents, facts.currency)}`,
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
      'What happens next: the seller and the hotel transfer the reservation to your name. You will hear from us as soon as it is done, so you can check in with your own ID.',
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
      '',
      "What happens next: we will contact you to transfer the reservation to the buyer's name with the hotel. Please do not cancel or change the reservation.",
      '',
      `Your listings: ${facts.publicUrl}/my-listings`,
    ].join('\n'),
  };
}

export function buyerRefundNotice(to: string, facts: OrderFacts): MailMessage {
  return {
    to,
    subject: `Your payment for ${facts.hotel} has been refunded`,
    text: [
      'Your payment arrived after this stay was no longer held for you, so we could not sell it to you.',
      `We have refunded the full amount, ${formatAmount(facts.amountCents, facts.currency)}, to the card you paid with. Refunds usually appear within 5 to 10 business days.`,
      '',
      ...stayLines(facts, 'Amount refunded'),
      '',
      `Find another stay: ${facts.publicUrl}/marketplace`,
    ].join('\n'),
  };
}
