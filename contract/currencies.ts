import { formatCents, writtenDecimals } from './money-format.ts';

/**
 * One decision for each currency's decimals, shared by what a page shows, what a seller may ask, the caps, what
 * the payment provider is asked to charge and the test checkout (ADR 0074):
 * - the provider's minor unit (`providerExponent`): Stripe's zero-decimal currencies take whole units, its
 *   three-decimal ones thousandths, every other currency hundredths (ISK included: Stripe keeps it a two-decimal
 *   currency whose amounts must end in 00);
 * - the decimals a price may have (`priceDecimals`): none where the currency is written without decimals (yen,
 *   won, forint, krona, rupiah: as people and the en-US format write them) or the provider charges whole units,
 *   else two, the hundredths Restay stores. So every price a seller sets is shown to the cent it is charged.
 * Kept in the contract because the adapter, the listing rules and the pages all need it.
 */
const ZERO_DECIMAL = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'JPY',
  'KMF',
  'KRW',
  'MGA',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);
const THREE_DECIMAL = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND']);

/**
 * Stripe's minimum charge per presentment currency, in hundredths of the major unit (its "minimum and maximum
 * charge amounts" table). Currencies it does not list are held to about 0.50 USD when charged, which no table
 * here can know; those are left to the provider.
 */
const MINIMUM_CHARGE_CENTS: Record<string, number> = {
  USD: 50,
  AED: 200,
  AUD: 50,
  BGN: 100,
  BRL: 50,
  CAD: 50,
  CHF: 50,
  CZK: 1500,
  DKK: 250,
  EUR: 50,
  GBP: 30,
  HKD: 400,
  HUF: 17_500,
  INR: 50,
  JPY: 5000,
  MXN: 1000,
  MYR: 200,
  NOK: 300,
  NZD: 50,
  PLN: 200,
  RON: 200,
  SEK: 300,
  SGD: 50,
  THB: 1000,
};

/** How a payout currency is named in a sentence ("paid out in euros"); any other by its code. */
export function payoutCurrencyName(currency: string): string {
  return PAYOUT_CURRENCY_NAMES[currency.toUpperCase()] ?? currency.toUpperCase();
}
const PAYOUT_CURRENCY_NAMES: Record<string, string> = { EUR: 'euros', USD: 'US dollars', GBP: 'pounds sterling' };

/** The provider's smallest unit per major unit, as a power of ten. */
export function providerExponent(currency: string): 0 | 2 | 3 {
  const code = currency.toUpperCase();
  return ZERO_DECIMAL.has(code) ? 0 : THREE_DECIMAL.has(code) ? 3 : 2;
}

/**
 * The provider's minor units as people read them: 25000 USD -> "$250.00", 5000 JPY -> "¥5,000", 1500 KWD ->
 * "KWD 1.500", 4567800 HUF -> "HUF 45,678" (Stripe counts forints in hundredths).
 */
export function formatProviderAmount(minorUnits: number, currency: string): string {
  return formatCents((minorUnits * 100) / 10 ** providerExponent(currency), currency);
}

/** How many decimals a price in this currency may have: 0 or 2. */
export function priceDecimals(currency: string): 0 | 2 {
  const code = currency.toUpperCase();
  return ZERO_DECIMAL.has(code) || writtenDecimals(code) === 0 ? 0 : 2;
}

/** The step of a price input in this currency: "1" where prices are whole, else "0.01". */
export const priceStep = (currency: string) => (priceDecimals(currency) === 0 ? '1' : '0.01');

/** Rounds an amount in cents down to one this currency can be priced in (a ceiling never rounds up). */
export function floorToPriceUnit(cents: number, currency: string): number {
  const unit = priceDecimals(currency) === 0 ? 100 : 1;
  return Math.floor(cents / unit) * unit;
}

/** Amounts are stored as integer cents in 32-bit columns: no price may be larger. */
const MAX_STORED_CENTS = 2_147_483_647;

/**
 * The highest price that can be asked in this currency, in cents: the lower of what the provider can charge in one
 * payment (at most eight digits in the currency's minor unit, twelve for IDR: 999,999.99 USD) and what Restay
 * stores (21,474,836 JPY), rounded down to an amount the currency is priced in.
 */
export function maxPriceCentsIn(currency: string): number {
  const code = currency.toUpperCase();
  const largestMinor = 10 ** (code === 'IDR' ? 12 : 8) - 1;
  const exponent = providerExponent(code);
  const charged = exponent === 0 ? largestMinor * 100 : exponent === 3 ? Math.floor(largestMinor / 10) : largestMinor;
  return floorToPriceUnit(Math.min(charged, MAX_STORED_CENTS), code);
}

const major = (cents: number, currency: string) => `${(cents / 100).toFixed(priceDecimals(currency))} ${currency}`;

/**
 * Why this price cannot be asked in this currency, in words a seller understands, or null when it can: decimals
 * the currency is not priced in, or an amount the provider would refuse to charge. Asked when a price is set,
 * so a stay is never held on Book Now for a charge the provider then refuses. Three-decimal currencies need
 * nothing more: Stripe takes their amounts in tens of thousandths, which two decimals are.
 */
export function chargeRefusal(cents: number, currency: string): string | null {
  const code = currency.toUpperCase();
  if (priceDecimals(code) === 0 && cents % 100 !== 0) return `Prices in ${code} are whole amounts: use no decimals.`;
  const minimum = MINIMUM_CHARGE_CENTS[code];
  if (minimum !== undefined && cents < minimum) {
    return `The price must be at least ${major(minimum, code)}, the smallest amount the payment provider can charge.`;
  }
  const maximum = maxPriceCentsIn(code);
  if (cents > maximum) return `The price can be at most ${major(maximum, code)}.`;
  return null;
}
