import type { Handover } from '../../contract/handover.ts';
import type { MailMessage } from '../mail/mailer.ts';
import type { StoredHandover } from '../db/schema.ts';
import { readableDay } from '../listings/stay-dates.ts';

/** To the buyer once the hotel names them: everything needed to check in with their own ID. */
export function buyerInYourName(to: string, handover: StoredHandover, publicUrl: string): MailMessage {
  return {
    to,
    subject: `Your stay at ${handover.hotelName} is in your name`,
    text: [
      `The hotel now holds this reservation in your name, ${handover.guestName}. Check in with your own ID.`,
      '',
      ...handoverLines(handover),
      '',
      `Your stays: ${publicUrl}/my-stays`,
    ].join('\n'),
  };
}

/** To the seller once the reservation has left their name: it is the buyer's now; they must not change it. */
export function sellerLeftYourName(to: string, handover: StoredHandover, publicUrl: string): MailMessage {
  return {
    to,
    subject: `Your reservation at ${handover.hotelName} is now in the buyer's name`,
    text: [
      "The hotel has moved the reservation you sold on Restay into the buyer's name. It is no longer yours: you",
      'cannot check in with it, and only the new guest can change it.',
      '',
      `Hotel: ${handover.hotelName}`,
      `Confirmation number: ${handover.confirmationNumber}`,
      `Dates: ${readableDay(handover.checkIn)} to ${readableDay(handover.checkOut)} (the hotel's dates)`,
      '',
      `Your listings: ${publicUrl}/my-listings`,
    ].join('\n'),
  };
}

/** To the seller when their sale is refunded: the reservation stays theirs, and why. */
export function sellerSaleRefunded(
  to: string,
  facts: { hotel: string; reason: string; publicUrl: string },
): MailMessage {
  return {
    to,
    subject: `The sale of your stay at ${facts.hotel} was cancelled`,
    text: [
      `We could not hand your reservation at ${facts.hotel} to the buyer, so the buyer is being refunded in full.`,
      `Why: ${facts.reason}`,
      '',
      'The reservation stays in your name at the hotel. You may list it again once you have proved it is yours.',
      '',
      `Your listings: ${facts.publicUrl}/my-listings`,
    ].join('\n'),
  };
}

/** To the seller when the hotel's own change withdrew their listing: what happened, in their words. */
export function sellerListingWithdrawn(
  to: string,
  facts: { hotel: string; title: string; message: string; publicUrl: string },
): MailMessage {
  return {
    to,
    subject: `Your listing at ${facts.hotel} was withdrawn`,
    text: [
      `Your listing "${facts.title}" at ${facts.hotel} is no longer on sale.`,
      `Why: ${facts.message}`,
      '',
      'Nobody had bought it, so nothing was charged or paid out. If the hotel made a mistake, ask it to put the',
      'reservation back as it was; you may then list it again.',
      '',
      `Your listings: ${facts.publicUrl}/my-listings`,
    ].join('\n'),
  };
}

function handoverLines(handover: StoredHandover | Handover): string[] {
  return [
    `Hotel: ${handover.hotelName}`,
    ...(handover.hotelAddress ? [`Address: ${handover.hotelAddress}`] : []),
    `Confirmation number: ${handover.confirmationNumber}`,
    `Check-in: ${readableDay(handover.checkIn)}`,
    `Check-out: ${readableDay(handover.checkOut)}`,
    `Dates are the hotel's local dates (${handover.timeZone}).`,
  ];
}
