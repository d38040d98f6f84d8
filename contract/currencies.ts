/**
 * What the payment provider (Stripe) takes in each currency: which have no minor unit, which have three decimals,
 * and the smallest charge. Kept in the contract because both the adapter and the listing rules need it.
 */
export const ZERO_DECIMAL = new Set([
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
export const THREE_DECIMAL = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND']);

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

const major = (cents: number, currency: string) =>
  `${(cents / 100).toFixed(ZERO_DECIMAL.has(currency) ? 0 : 2)} ${currency}`;

/**
 * Why Stripe would refuse to charge this price, in words a seller understands, or null when it can. Asked when
 * a price is set, so a stay is never held on Book Now for a charge the provider then refuses. Three-decimal
 * currencies need nothing more: Stripe takes their amounts in tens of thousandths, which two decimals are.
 */
export function chargeRefusal(cents: number, currency: string): string | null {
  const code = currency.toUpperCase();
  if (ZERO_DECIMAL.has(code) && cents % 100 !== 0) return `Prices in ${code} are whole amounts: use no decimals.`;
  const minimum = MINIMUM_CHARGE_CENTS[code];
  if (minimum !== undefined && cents < minimum) {
    return `The price must be at least ${major(minimum, code)}, the smallest amount the payment provider can charge.`;
  }
  return null;
}
