/**
 * Money shown to people, one formatter per unit an amount can be in (always en-US, the product's language):
 * - major units (`120.5`, what the API's JSON carries): formatMajorUnits;
 * - cents, hundredths of the major unit as Restay stores every amount, also for yen: formatCents;
 * - the payment provider's minor units: formatProviderAmount in currencies.ts, which knows them.
 */

import { EN_US_CURRENCIES } from './currency-symbols.ts';

/** Writes an amount of one currency with a set number of decimals (the currency's own when not given). */
interface CurrencyFormat {
  format(amount: number): string;
  decimals: number;
}

/** Built once per currency and decimals: a formatter costs far more to make than to use, and a page shows many prices. */
const formats = new Map<string, CurrencyFormat>();

const currencyFormat = (currency: string, fractionDigits?: number): CurrencyFormat => {
  const key = `${currency}:${fractionDigits ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    const code = currency.toUpperCase();
    const known = EN_US_CURRENCIES[code];
    format = known ? writtenByHand(code, known[0], fractionDigits ?? known[1]) : intlFormat(code, fractionDigits);
    formats.set(key, format);
  }
  return format;
};

/** Intl's en-US currency format, for a currency the table does not hold. */
const intlFormat = (code: string, fractionDigits?: number): CurrencyFormat => {
  const options = {
    style: 'currency',
    ...(fractionDigits === undefined
      ? {}
      : { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }),
  } as const;
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat('en-US', { ...options, currency: code });
  } catch {
    // An unknown code never breaks a page: the amount is shown in dollars rather than not at all.
    format = new Intl.NumberFormat('en-US', { ...options, currency: 'USD' });
  }
  return { format: (amount) => format.format(amount), decimals: format.resolvedOptions().maximumFractionDigits ?? 2 };
};

/** Outside these sizes String() writes an exponent or a price is not plausible: such amounts go to Intl. */
const PLAIN_FROM = 1e-6;
const PLAIN_BELOW = 1e15;

/**
 * en-US as Intl writes it: a minus for any negative amount (also one that rounds to zero), the symbol, the whole
 * part in groups of three, then the decimals, rounded half away from zero from the amount's shortest decimal
 * form (1.005 is "1.01", as Intl has it, though the binary number is a little below).
 */
const writtenByHand = (code: string, symbol: string, decimals: number): CurrencyFormat => {
  let fallback: CurrencyFormat | undefined;
  return {
    decimals,
    format(amount) {
      const size = Math.abs(amount);
      if (!Number.isFinite(amount) || size >= PLAIN_BELOW || (size > 0 && size < PLAIN_FROM)) {
        fallback ??= intlFormat(code, decimals);
        return fallback.format(amount);
      }
      const negative = amount < 0 || Object.is(amount, -0);
      return `${negative ? '-' : ''}${symbol}${roundedDecimal(String(size), decimals)}`;
    },
  };
};

/** "1234.005" at 2 decimals -> "1,234.01"; at 0 -> "1,234". */
function roundedDecimal(plain: string, decimals: number): string {
  const [whole = '0', fraction = ''] = plain.split('.');
  let digits = whole + fraction.padEnd(decimals, '0').slice(0, decimals);
  if ((fraction[decimals] ?? '0') >= '5') digits = incremented(digits);
  const wholePart = digits.slice(0, digits.length - decimals) || '0';
  const grouped = wholePart.replace(/\B(?=(\d{3})+$)/g, ',');
  return decimals ? `${grouped}.${digits.slice(digits.length - decimals)}` : grouped;
}

/** A string of decimal digits plus one: "1299" -> "1300", "99" -> "100". */
function incremented(digits: string): string {
  let end = digits.length - 1;
  while (end >= 0 && digits[end] === '9') end--;
  if (end < 0) return `1${'0'.repeat(digits.length)}`;
  return `${digits.slice(0, end)}${Number(digits[end]) + 1}${'0'.repeat(digits.length - end - 1)}`;
}

/**
 * An amount in major units for pages: "$1,234" for whole amounts, "$1,234.50" otherwise, or always two decimals
 * with `cents: 'always'` ("$1,480.80", as the card's original price and savings show).
 */
export function formatMajorUnits(
  amount: number,
  currency = 'USD',
  { cents = 'when-needed' }: { cents?: 'always' | 'when-needed' } = {},
): string {
  const fractionDigits = cents === 'always' || !Number.isInteger(amount) ? 2 : 0;
  return currencyFormat(currency, fractionDigits).format(amount);
}

/** Restay's stored cents with the currency's usual decimals, e.g. 12000 EUR -> "€120.00", 500000 JPY -> "¥5,000". */
export function formatCents(cents: number, currency: string): string {
  return currencyFormat(currency).format(cents / 100);
}

/** How many decimals the currency is written with in en-US (0 for yen or forint, 3 for dinars). */
export function writtenDecimals(currency: string): number {
  return currencyFormat(currency).decimals;
}
