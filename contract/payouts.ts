import { z } from 'zod';
import { providerExponent } from './currencies.ts';

/**
 * Seller payouts: the state of each sold stay's payout and of the seller's payout account, as the API reports
 * them and My Listings shows them.
 */

/**
 * A payout's life: `scheduled` (due at its release time), `waiting_account` (due, but the seller's payout
 * account cannot receive money yet), `held` (part of the sale was refunded: an operator decides what the seller
 * is paid), `paid` (the transfer is made), and after a refund of a stay already the
 * buyer's: `cancelled` (nothing had been paid), `reversed` (the transfer was taken back) or `reversal_failed`
 * (the provider refused; the seller owes it back and the operator sees the shortfall).
 */
export const PAYOUT_STATES = [
  'scheduled',
  'waiting_account',
  'held',
  'paid',
  'cancelled',
  'reversed',
  'reversal_failed',
] as const;
export type PayoutState = (typeof PAYOUT_STATES)[number];

const PAYOUT_TRANSITIONS: Record<PayoutState, readonly PayoutState[]> = {
  scheduled: ['waiting_account', 'held', 'paid', 'cancelled'],
  waiting_account: ['scheduled', 'held', 'cancelled'],
  // Released by an operator (scheduled again, for the share less the refund) or cancelled by refunding the rest;
  // a transfer made before the partial refund arrived is still recorded.
  held: ['scheduled', 'cancelled', 'paid'],
  paid: ['reversed', 'reversal_failed'],
  // A transfer already under way when a refund cancelled the payout is still recorded, then reversed.
  cancelled: ['paid'],
  reversed: [],
  reversal_failed: ['reversed'],
};

export function canMovePayout(from: PayoutState, to: PayoutState): boolean {
  return PAYOUT_TRANSITIONS[from].includes(to);
}

/** When a payout is released: as soon as the stay is in the buyer's name, or once its check-in time has passed. */
export const PAYOUT_RELEASES = ['transferred', 'check_in'] as const;
export type PayoutRelease = (typeof PAYOUT_RELEASES)[number];

export const PAYOUT_ACCOUNT_STATUSES = ['not_set_up', 'details_needed', 'ready'] as const;
export type PayoutAccountStatus = (typeof PAYOUT_ACCOUNT_STATUSES)[number];

export const PAYOUT_ACCOUNT_LABELS: Record<PayoutAccountStatus, string> = {
  not_set_up: 'Payouts: not set up',
  details_needed: 'Payouts: details needed',
  ready: 'Payouts: ready',
};

/** What the account means for the seller's sales, said as true for when this platform releases payouts. */
export function payoutAccountHint(status: PayoutAccountStatus, release: PayoutRelease): string {
  const atCheckIn = release === 'check_in';
  switch (status) {
    case 'not_set_up':
      return atCheckIn
        ? 'Set up payouts to be paid once a stay you sold reaches its check-in time.'
        : 'Set up payouts to be paid as soon as a stay you sold is in the buyer’s name.';
    case 'details_needed':
      return 'The payment provider needs a few more details before it can pay you.';
    case 'ready':
      return atCheckIn
        ? 'Sales are paid to your payout account once the stay’s check-in time has passed.'
        : 'Sales are paid to your payout account as soon as the stay is in the buyer’s name.';
  }
}

/**
 * What a buyer's own cancellation means for the seller, said as true for when this platform releases payouts:
 * only the hotel's cancellation before check-in refunds the buyer (server/handover/hotel-changes.ts).
 */
export function buyerCancellationNote(release: PayoutRelease): string {
  return release === 'check_in'
    ? 'If the buyer cancels the stay themselves, you are still paid at check-in; only a cancellation by the hotel refunds the buyer instead.'
    : 'If the buyer cancels the stay themselves after it is in their name, you keep your payout.';
}

/** The platform's fee on a sale, in hundredths, rounded to the nearest: the seller receives the rest. */
export function platformFeeCents(saleCents: number, feePercent: number): number {
  return Math.round((saleCents * feePercent) / 100);
}

/**
 * What the seller receives in the settlement currency: their share of the sale (the price less the platform's
 * fee) at the rate the provider applied to the charge, i.e. the same share of what the charge settled to.
 * Rounded to the settlement currency's smallest unit; in one currency with nothing converted it is exactly the
 * share.
 */
export function settledPayoutCents(
  charge: { receivedCents: number; settledCents: number; settledCurrency: string },
  sellerCents: number,
) {
  if (charge.receivedCents === charge.settledCents) return sellerCents;
  const unit = providerExponent(charge.settledCurrency) === 0 ? 100 : 1;
  return Math.round((charge.settledCents * sellerCents) / charge.receivedCents / unit) * unit;
}

/**
 * The seller's share of a sale in its currency: the price less the platform's fee, less what a partial refund
 * took off it when an operator released the payout (0 otherwise).
 */
export function sellerShareCents(payout: { sale_cents: number; fee_cents: number; refunded_cents: number }): number {
  return payout.sale_cents - payout.fee_cents - payout.refunded_cents;
}

/** What the seller receives for a price in major units, as their payout will be computed. */
export function sellerReceives(price: number, feePercent: number): number {
  const cents = Math.round(price * 100);
  return (cents - platformFeeCents(cents, feePercent)) / 100;
}

/**
 * A sold stay's payout as its seller sees it beside the listing (amounts in the currency's major unit): `amount`
 * in `currency`, the currency the seller receives (the platform's settlement currency once the charge has settled
 * at the provider), and their share in the sale's own currency it was converted from.
 */
export const payoutInfoSchema = z.object({
  state: z.enum(PAYOUT_STATES),
  amount: z.number(),
  currency: z.string(),
  saleAmount: z.number(),
  saleCurrency: z.string(),
  releaseAt: z.string(),
  paidAt: z.string().nullable(),
});
export type PayoutInfo = z.infer<typeof payoutInfoSchema>;

/** GET /api/payouts/account: the caller's payout account, as My Listings shows it. */
export const payoutAccountSchema = z.object({
  status: z.enum(PAYOUT_ACCOUNT_STATUSES),
  label: z.string(),
  /** When sales are paid, for this status and this platform's payout release. */
  hint: z.string(),
});
export type PayoutAccountReply = z.infer<typeof payoutAccountSchema>;

/** POST /api/payouts/onboarding: where to send the seller to fill in their payout details. */
export const onboardingLinkSchema = z.object({ url: z.url() });

/** GET /api/hotels/:hotelId/payouts: the hotel's payout account and its name-change fees (the console's Payouts). */
export const hotelPayoutsSchema = z.object({
  account: payoutAccountSchema,
  /** Fees of stays in a buyer's name not yet sent (waiting for the release, or for a ready account), per currency. */
  owed: z.array(z.object({ currency: z.string(), amount: z.number() })),
  /** Fees transferred to the hotel's account and not taken back, per currency. */
  paid: z.array(z.object({ currency: z.string(), amount: z.number() })),
  /** One line when the hotel's latest fee could not be posted to its bill for want of a permission; else null. */
  billPostingProblem: z.string().nullable(),
  /** The latest fees, newest first. */
  fees: z.array(
    z.object({
      orderId: z.string(),
      state: z.enum(PAYOUT_STATES),
      amount: z.number(),
      currency: z.string(),
      releaseAt: z.string(),
      paidAt: z.string().nullable(),
    }),
  ),
});
export type HotelPayouts = z.infer<typeof hotelPayoutsSchema>;

/** What the hotel's account means for its name-change fees, said as true for this platform's payout release. */
export function hotelPayoutAccountHint(status: PayoutAccountStatus, release: PayoutRelease): string {
  const when =
    release === 'check_in' ? 'once the stay’s check-in time has passed' : 'as soon as the stay is in the buyer’s name';
  switch (status) {
    case 'not_set_up':
      return `Set up payouts to receive your name-change fees ${when}. Fees earned until then are kept for you.`;
    case 'details_needed':
      return 'The payment provider needs a few more details before it can pay your fees.';
    case 'ready':
      return `Name-change fees are paid to your payout account ${when}.`;
  }
}
