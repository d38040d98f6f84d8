import { formatCents } from '../../contract/money-format.ts';
import type { Reconciliation } from './reconcile.ts';

/** The reconciliation as a person reads it: balances per account and currency, then each difference. */
export function formatLedgerReport({
  balances,
  ordersChecked,
  exchangeRemainders,
  differences,
  hotelFees,
}: Reconciliation): string {
  const lines = ['Ledger balances (positive: held or owed to the platform; negative: owed or earned):'];
  if (balances.length === 0) lines.push('  (no money has moved yet)');
  for (const balance of balances)
    lines.push(
      `  ${balance.currency}  ${balance.account.padEnd(18)} ${formatCents(balance.amountCents, balance.currency)}`,
    );
  if (exchangeRemainders.length) {
    lines.push('Exchange remainders (refunds converted at another rate than their charge):');
    for (const { orderId, currency, amountCents } of exchangeRemainders)
      lines.push(
        `  order ${orderId}  ${currency}  ${amountCents > 0 ? 'lost' : 'gained'} ${formatCents(Math.abs(amountCents), currency)}`,
      );
  }
  if (hotelFees.length) {
    lines.push(
      'Hotels’ name-change fees (charged, paid out, reversed, refunded, owed back then collected or written off, ' +
        'still owed):',
    );
    for (const fee of hotelFees) {
      const money = (cents: number) => formatCents(cents, fee.currency);
      lines.push(
        `  ${fee.hotel}  ${fee.currency}  charged ${money(fee.chargedCents)}, paid out ${money(fee.paidOutCents)}, ` +
          `reversed ${money(fee.reversedCents)}, refunded ${money(fee.refundedCents)}, ` +
          `collected ${money(fee.collectedCents)}, written off ${money(fee.writtenOffCents)}, ` +
          `owed ${money(fee.owedCents)}`,
      );
    }
  }
  lines.push(`Orders checked: ${ordersChecked}.`);
  if (differences.length === 0) lines.push('The ledger reconciles: no differences.');
  else lines.push(`${differences.length} difference(s):`, ...differences.map((difference) => `  - ${difference}`));
  return lines.join('\n');
}
