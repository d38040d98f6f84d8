import { formatCents } from '../../contract/money-format.ts';
import type { MailMessage } from '../mail/mailer.ts';

/** To a seller whose payout is due while their payout account cannot receive money yet. */
export function payoutWaitingForAccount(
  to: string,
  payout: { hotelName: string; amountCents: number; currency: string },
  publicUrl: string,
): MailMessage {
  return {
    to,
    subject: `Set up payouts to receive ${formatCents(payout.amountCents, payout.currency)}`,
    text: [
      `The stay you sold at ${payout.hotelName} is in the buyer's name, and ${formatCents(payout.amountCents, payout.currency)} is yours.`,
      'We can send it as soon as your payout account is ready: open My Listings and press "Set up payouts".',
      'It is sent automatically once the payment provider has what it needs.',
      '',
      `Your listings: ${publicUrl}/my-listings`,
    ].join('\n'),
  };
}
