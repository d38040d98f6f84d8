import { formatCents } from '../../contract/money-format.ts';
import type { PayoutState } from '../../contract/payouts.ts';
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

/** What became of the payout of a refunded sale, in the seller's words. */
const PAYOUT_AFTER_REFUND: Partial<Record<PayoutState, (amount: string) => string>> = {
  cancelled: (amount) => `Your payout of ${amount} is cancelled: it had not been sent to you yet.`,
  reversed: (amount) => `Your payout of ${amount} has been taken back from your payout account.`,
  reversal_failed: (amount) =>
    `Your payout of ${amount} could not be taken back from your payout account, so you owe it back to Restay; we will contact you about returning it.`,
};

/**
 * To a seller whose stay, already in the buyer's name, was refunded to the buyer (by Restay, an operator or a
 * refund by hand), once its payout is settled: cancelled, taken back, or owed. Null for any other payout state.
 */
export function sellerSaleRefundedAfterHandover(
  to: string,
  facts: { hotelName: string; reason: string; state: PayoutState; amountCents: number; currency: string },
  publicUrl: string,
): MailMessage | null {
  const outcome = PAYOUT_AFTER_REFUND[facts.state];
  if (!outcome) return null;
  return {
    to,
    subject: `The buyer of your stay at ${facts.hotelName} was refunded`,
    text: [
      `The buyer of the stay you sold at ${facts.hotelName} has been refunded.`,
      `Why: ${facts.reason}`,
      outcome(formatCents(facts.amountCents, facts.currency)),
      '',
      `Your listings: ${publicUrl}/my-listings`,
    ].join('\n'),
  };
}
