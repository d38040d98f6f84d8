import type { SaleOutcome } from '../../../contract/handover.ts';
import { formatMajorUnits } from '../../../contract/money-format.ts';
import type { ReverseHandover } from '../../../contract/order-state.ts';
import type { PayoutInfo } from '../../../contract/payouts.ts';
import { formatDay } from '../../lib/format.ts';

/** A stay refunded after it was in the buyer's name (ADR 0075): who holds it now, in the seller's words. */
const RETURNED_TEXT: Record<ReverseHandover, string> = {
  pending: 'We are asking the hotel to put the reservation back in your name.',
  returned_to_seller: 'The reservation is back in your name at the hotel: you can list it again.',
  kept_by_buyer:
    'The hotel could not put the reservation back in your name, so it stays the buyer’s: your sale stands and you ' +
    'keep your payout.',
};

/**
 * How a paid sale ended, as the seller reads it beside the listing: the reservation left their name, or the
 * buyer's money went back and why; null for a listing nobody paid for.
 */
export function saleOutcomeText(sale: SaleOutcome | null): string | null {
  if (!sale) return null;
  if (sale.refund && sale.reverseHandover)
    return `Refunded to the buyer: ${sale.refund.message} ${RETURNED_TEXT[sale.reverseHandover.state]}`;
  if (sale.refund) {
    return sale.refund.refundedAt
      ? `Refunded to the buyer: ${sale.refund.message}`
      : `Being refunded to the buyer: ${sale.refund.message}`;
  }
  const transferredOn = formatDay(sale.transferredAt);
  if (transferredOn) return `Transferred to the buyer on ${transferredOn}`;
  return 'Sold: the hotel is putting the reservation in the buyer’s name.';
}

/**
 * The seller's payout for a sale, as they read it beside the listing, in the currency they receive (with the
 * sale's currency it was converted from); null before the stay is the buyer's.
 */
export function payoutText(payout: PayoutInfo | null | undefined, now = new Date()): string | null {
  if (!payout) return null;
  const converted =
    payout.saleCurrency && payout.saleCurrency !== payout.currency
      ? ` (${formatMajorUnits(payout.saleAmount, payout.saleCurrency, { cents: 'always' })} converted)`
      : '';
  const amount = formatMajorUnits(payout.amount, payout.currency, { cents: 'always' }) + converted;
  switch (payout.state) {
    case 'waiting_account':
      return `Payout of ${amount} waiting for your payout account`;
    case 'held':
      return `Payout of ${amount} on hold: part of the stay was refunded`;
    case 'scheduled':
      return new Date(payout.releaseAt) > now
        ? `Payout of ${amount} scheduled for ${formatDay(payout.releaseAt)}`
        : `Payout of ${amount} on its way`;
    case 'paid':
      return `Paid out ${amount} on ${formatDay(payout.paidAt)}`;
    case 'reversed':
      return `Payout of ${amount} reversed: the stay was refunded`;
    case 'reversal_failed':
      return `Payout of ${amount} to be returned: the stay was refunded`;
    case 'cancelled':
      return null;
  }
}

/** The groups My Listings' payout totals sum, in the order and with the words each row of that group uses. */
const TOTAL_GROUPS = [
  { label: 'Paid out', holds: (payout: PayoutInfo) => payout.state === 'paid' },
  {
    label: 'on its way',
    holds: (payout: PayoutInfo, now: Date) => payout.state === 'scheduled' && new Date(payout.releaseAt) <= now,
  },
  {
    label: 'scheduled',
    holds: (payout: PayoutInfo, now: Date) => payout.state === 'scheduled' && new Date(payout.releaseAt) > now,
  },
  { label: 'waiting for your payout account', holds: (payout: PayoutInfo) => payout.state === 'waiting_account' },
] as const;

/**
 * Per currency, the sum of each kind of payout the rows show, worded as the rows word it: a payout that waits for
 * the seller's payout account is not "on its way" in the total when its row says it is waiting.
 */
export function payoutTotals(payouts: PayoutInfo[], now = new Date()): string | null {
  const currencies = [...new Set(payouts.map((payout) => payout.currency))];
  const parts = currencies.flatMap((currency) => {
    const sums = TOTAL_GROUPS.map((group) => ({
      label: group.label,
      sum: payouts
        .filter((payout) => payout.currency === currency && group.holds(payout, now))
        .reduce((total, payout) => total + payout.amount, 0),
    })).filter(({ sum }) => sum > 0);
    if (!sums.length) return [];
    return [
      sums.map(({ label, sum }) => `${label} ${formatMajorUnits(sum, currency, { cents: 'always' })}`).join(', '),
    ];
  });
  return parts.length ? parts.join(' · ') : null;
}
