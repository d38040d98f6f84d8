import type { MailMessage } from '../mail/mailer.ts';

/** What each side of a refund after the handover is told (ADR 0075): who holds the stay now, and their money. */
interface ReverseHandoverFacts {
  hotel: string;
  publicUrl: string;
}

/** To the seller when the hotel names them again: the stay is theirs, their payout goes back, they may relist. */
export function sellerStayReturned(to: string, facts: ReverseHandoverFacts): MailMessage {
  return {
    to,
    subject: `Your stay at ${facts.hotel} is yours again`,
    text: [
      `The buyer of your stay at ${facts.hotel} was refunded, and the hotel has put the reservation back in your`,
      'name: your stay at the hotel is yours again. The sale is undone, so its payout is cancelled, or taken back if',
      'it was already sent (we email you which).',
      '',
      'You can list it again: prove it is yours with the code the hotel emails you, then list it.',
      '',
      `Your listings: ${facts.publicUrl}/my-listings`,
    ].join('\n'),
  };
}

/** To the buyer when the hotel names the seller again: the refund is complete and the stay is not theirs. */
export function buyerStayReturned(to: string, facts: ReverseHandoverFacts): MailMessage {
  return {
    to,
    subject: `Your refund for ${facts.hotel} is complete`,
    text: [
      `Your payment for the stay at ${facts.hotel} was refunded in full, and the hotel has taken the reservation`,
      'out of your name: it is no longer in your name, so you cannot check in with it.',
      '',
      `Your stays: ${facts.publicUrl}/my-stays`,
    ].join('\n'),
  };
}

/** To the seller when the hotel would not name them again: the buyer keeps the stay, the seller keeps the payout. */
export function sellerStayKept(to: string, facts: ReverseHandoverFacts): MailMessage {
  return {
    to,
    subject: `Your sale of the stay at ${facts.hotel} stands`,
    text: [
      `Restay refunded the buyer of your stay at ${facts.hotel}, but the hotel could not put the reservation back`,
      'in your name, so it stays in the buyer’s name. Your sale stands: you keep your payout (it is paid as',
      'planned). The refund is Restay’s cost, not yours.',
      '',
      `Your listings: ${facts.publicUrl}/my-listings`,
    ].join('\n'),
  };
}

/** To the buyer when the hotel would not name the seller again: refunded, and the stay is still theirs. */
export function buyerStayKept(to: string, facts: ReverseHandoverFacts): MailMessage {
  return {
    to,
    subject: `Your refund for ${facts.hotel} is complete, and the stay is still yours`,
    text: [
      `Your payment for the stay at ${facts.hotel} was refunded in full. The hotel could not take the reservation`,
      'out of your name, so it stays in your name: you may still check in with your own ID.',
      '',
      `Your stays: ${facts.publicUrl}/my-stays`,
    ].join('\n'),
  };
}
