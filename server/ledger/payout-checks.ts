/** How late a scheduled payout may be before ledger:check names it: the send job's retries fit well within it. */
export const PAYOUT_OVERDUE_MARGIN_MS = 60 * 60_000;

/**
 * Payout states that say why a settled sale's money is not (or not all) the seller's yet: sent (or taken back),
 * or held for a stated reason (an operator's decision after a partial refund, the seller's payout account).
 */
const ACCOUNTED_FOR = ['paid', 'reversed', 'reversal_failed', 'held', 'waiting_account'];

/**
 * The checks of a transferred order's payout that no posting shows wrong: money given back to the buyer of a sale
 * that stands (its buyer funds are not zero) while the payout waits as if nothing happened, and a payout still
 * scheduled past its release time by more than the margin (its send job failed, or never ran).
 */
export function checkPayoutProgress(
  order: { state: string; buyerFundsCents: number; currency: string },
  payout: { state: string; release_at: Date } | undefined,
  now: Date,
  say: (what: string) => void,
) {
  // Without a payout the sale is not settled yet, which reconcileLedger names on its own.
  if (order.state !== 'transferred' || !payout) return;
  if (order.buyerFundsCents !== 0 && !ACCOUNTED_FOR.includes(payout.state))
    say(
      `the stay is the buyer’s, yet the ledger's buyer funds hold ${order.buyerFundsCents} ${order.currency} for ` +
        `it while its payout is ${payout.state}, neither sent nor held`,
    );
  if (payout.state === 'scheduled' && payout.release_at.getTime() < now.getTime() - PAYOUT_OVERDUE_MARGIN_MS)
    say(`its payout is overdue: due at ${payout.release_at.toISOString()}, still scheduled`);
}
