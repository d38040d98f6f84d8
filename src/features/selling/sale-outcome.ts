import type { SaleOutcome } from '../../../contract/handover.ts';
import { formatMajorUnits } from '../../../contract/money-format.ts';
import type { PayoutInfo } from '../../../contract/payouts.ts';
import { formatDay } from '../../lib/format.ts';

/**
 * How a paid sale ended, as the seller reads it beside the listing: the reservation left their name, or the
 * buyer's money went back and why; null for a listing nobody paid for.
 */
export function saleOutcomeText(sale: SaleOutcome | null): string | null {
  if (!sale) return null;
  if (sale.refund) {
    return sale.refund.refundedAt
      ? `Refunded to the buyer: ${sale.refund.message}`
      : `Being refunded to the buyer: ${sale.refund.message}`;
  }
  const transferredOn = formatDay(sale.transferredAt);
  if (transferredOn) return `Transferred to the buyer on ${transferredOn}`;
  return 'Sold: the hotel is putting the reservation in the buyer’s name.';
}

/** The seller's payout for a sale, as they read it beside the listing; null before the stay is the buyer's. */
export function payoutText(payout: PayoutInfo | null | undefined, now = new Date()): string | null {
  if (!payout) return null;
  const amount = formatMajorUnits(payout.amount, payout.currency, { cents: 'always' });
  switch (payout.state) {
    case 'waiting_account':
      return `Payout of ${amount} waiting for your payout account`;
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

/** Per currency: what was paid out and what is on its way (scheduled or waiting for the account). */
export function payoutTotals(payouts: PayoutInfo[]): string | null {
  const totals = new Map<string, { paid: number; coming: number }>();
  for (const payout of payouts) {
    const total = totals.get(payout.currency) ?? { paid: 0, coming: 0 };
    if (payout.state === 'paid') total.paid += payout.amount;
    if (payout.state === 'scheduled' || payout.state === 'waiting_account') total.coming += payout.amount;
    totals.set(payout.currency, total);
  }
  const parts = [...totals]
    .filter(([, total]) => total.paid || total.coming)
    .map(
      ([currency, total]) =>
        `Paid out ${formatMajorUnits(total.paid, currency, { cents: 'always' })}, on its way ${formatMajorUnits(total.coming, currency, { cents: 'always' })}`,
    );
  return parts.length ? parts.join(' · ') : null;
}
