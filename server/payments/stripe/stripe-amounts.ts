import { providerExponent } from '../../../contract/currencies.ts';

/**
 * Restay keeps every amount in hundredths of the currency's major unit ("cents", also for yen). Stripe wants
 * the currency's smallest unit: the amount itself for zero-decimal currencies, thousandths for three-decimal
 * ones (whose last digit Stripe requires to be 0). Only the adapter converts; which currency is which lives in
 * contract/currencies.ts.
 */
export function toStripeAmount(cents: number, currency: string): number {
  const exponent = providerExponent(currency);
  if (exponent === 0) {
    if (cents % 100 !== 0) throw new Error(`${currency} has no minor unit: ${cents} hundredths is not a whole amount`);
    return cents / 100;
  }
  return exponent === 3 ? cents * 10 : cents;
}

export function fromStripeAmount(amount: number, currency: string): number {
  const exponent = providerExponent(currency);
  if (exponent === 0) return amount * 100;
  return exponent === 3 ? Math.round(amount / 10) : amount;
}
