import { payoutCurrencyName } from '../../../../contract/currencies.ts';
import { formatMajorUnits } from '../../../../contract/money-format.ts';
import { convert, useExchangeRates } from '../../../lib/exchange-rates.ts';
import { ratesSource } from '../../../components/listings/ApproximatePrice.tsx';
import { usePublicConfig } from '../../../lib/public-config.ts';

/**
 * What a seller's share (`amount` in the sale's `currency`) comes to in the currency they are paid out in, said as
 * the estimate it is: the payment provider converts on the day the payment settles, and the day's reference rate
 * is dated. Nothing when the sale is in the payout currency, or until the rates are in.
 */
export function PayoutEstimate({
  amount,
  currency,
  className = '',
}: {
  amount: number;
  currency: string;
  className?: string;
}) {
  const payoutCurrency = usePublicConfig().data?.payoutCurrency;
  const rates = useExchangeRates();
  if (!payoutCurrency || payoutCurrency === currency || !rates.data) return null;
  const estimate = convert(amount, currency, payoutCurrency, rates.data);
  if (estimate === null) return null;
  const name = payoutCurrencyName(payoutCurrency);
  return (
    <span className={`block text-sm text-slate-600 ${className}`}>
      Paid out in {name} at the payment provider&apos;s rate on the day: about{' '}
      {formatMajorUnits(Math.round(estimate), payoutCurrency)} today ({ratesSource(rates.data.date)}).
    </span>
  );
}
