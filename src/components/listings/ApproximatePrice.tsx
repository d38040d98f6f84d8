import { formatMajorUnits } from '../../../contract/money-format.ts';
import { convert, useExchangeRates } from '../../lib/exchange-rates.ts';
import { useVisitorCurrency } from '../../lib/visitor-currency.ts';

interface Props {
  amount: number;
  currency: string;
  className?: string;
}

/**
 * The price in the visitor's currency, marked as approximate ("about $452") and shown beside the listing's own
 * price, which is what is charged. Nothing when the visitor's currency is the listing's.
 */
export function ApproximatePrice({ amount, currency, className = '' }: Props) {
  const visitor = useVisitorCurrency();
  return visitor === currency ? null : <Converted amount={amount} from={currency} to={visitor} className={className} />;
}

/** Reads the rates (once per visit) only where a price needs converting; nothing until they are in. */
function Converted({ amount, from, to, className }: { amount: number; from: string; to: string; className: string }) {
  const rates = useExchangeRates();
  const converted = rates.data ? convert(amount, from, to, rates.data) : null;
  if (converted === null) return null;
  // Whole units: an estimate at the day's rate has no meaningful cents.
  return (
    <span className={`text-sm text-slate-600 ${className}`}>about {formatMajorUnits(Math.round(converted), to)}</span>
  );
}
