/**
 * Restay keeps every amount in hundredths of the currency's major unit ("cents", also for yen). Stripe wants
 * the currency's smallest unit: the amount itself for zero-decimal currencies, thousandths for three-decimal
 * ones (whose last digit Stripe requires to be 0). Only the adapter knows this.
 */
const ZERO_DECIMAL = new Set(['BIF', 'CLP', 'DJF', 'GNF', 'JPY', 'KMF', 'KRW', 'MGA', 'PYG', 'RWF', 'UGX', 'VND', 'VUV', 'XAF', 'XOF', 'XPF']);
const THREE_DECIMAL = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND']);

export function toStripeAmount(cents: number, currency: string): number {
  const code = currency.toUpperCase();
  if (ZERO_DECIMAL.has(code)) {
    if (cents % 100 !== 0) throw new Error(`${code} has no minor unit: ${cents} hundredths is not a whole amount`);
    return cents / 100;
  }
  return THREE_DECIMAL.has(code) ? cents * 10 : cents;
}

export function fromStripeAmount(amount: number, currency: string): number {
  const code = currency.toUpperCase();
  if (ZERO_DECIMAL.has(code)) return amount * 100;
  return THREE_DECIMAL.has(code) ? Math.round(amount / 10) : amount;
}
