import { formatMajorUnits } from '../../../contract/money-format.ts';
import { convert, useExchangeRates } from '../../lib/exchange-rates.ts';
import { formatStayDate } from '../../lib/format.ts';
import { useVisitorCurrency } from '../../lib/visitor-currency.ts';

interface Props {
  amount: number;
  currency: string;
  className?: string;
  /** Where there is room: the reference rate's source and day after the estimate. */
  dated?: boolean;
}

/**
 * The price in the visitor's currency, marked as approximate ("about $452") and shown beside the listing's own
 * price, which is what is charged. Nothing when the visitor's currency is the listing's.
 */
export function ApproximatePrice({ amount, currency, className = '', dated = false }: Props) {
  const visitor = useVisitorCurrency();
  return visitor === currency ? null : (
    <Converted amount={amount} from={currency} to={visitor} className={className} dated={dated} />
  );
}

/** Reads the rates (once per visit) only where a price needs converting; nothing until they are in. */
function Converted({
  amount,
  from,
  to,
  className,
  dated,
}: {
  amount: number;
  from: string;
  to: string;
  className: string;
  dated: boolean;
}) {
  const rates = useExchangeRates();
  const converted = rates.data ? convert(amount, from, to, rates.data) : null;
  if (!rates.data || converted === null) return null;
  // Whole units: an estimate at the day's rate has no meaningful cents.
  return (
    <span className={`text-sm text-slate-600 ${className}`}>
      about {formatMajorUnits(Math.round(converted), to)}
      {dated ? ` (${ratesSource(rates.data.date)})` : null}
    </span>
  );
}

/** Where an estimate's rate comes from, and of which day: "European Central Bank rate of Nov 21, 2026". */
export const ratesSource = (date: string) => `European Central Bank rate of ${formatStayDate(date)}`;
