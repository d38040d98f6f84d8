/**
 * Money shown to people, one formatter per unit an amount can be in (always en-US, the product's language):
 * - major units (`120.5`, what the API's JSON carries): formatMajorUnits;
 * - cents, hundredths of the major unit as Restay stores every amount, also for yen: formatCents;
 * - the payment provider's minor units (Stripe's smallest unit: yen, cents, thousandths): formatMinorUnits.
 */

/** Built once per currency and decimals: a formatter costs far more to make than to use, and a page shows many prices. */
const formats = new Map<string, Intl.NumberFormat>();

const currencyFormat = (currency: string, fractionDigits?: number) => {
  const key = `${currency}:${fractionDigits ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    format = makeCurrencyFormat(currency, fractionDigits);
    formats.set(key, format);
  }
  return format;
};

const makeCurrencyFormat = (currency: string, fractionDigits?: number) => {
  const options = {
    style: 'currency',
    ...(fractionDigits === undefined
      ? {}
      : { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }),
  } as const;
  try {
    return new Intl.NumberFormat('en-US', { ...options, currency: currency.toUpperCase() });
  } catch {
    // An unknown code never breaks a page: the amount is shown in dollars rather than not at all.
    return new Intl.NumberFormat('en-US', { ...options, currency: 'USD' });
  }
};

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

/** The provider's minor units, e.g. 25000 USD -> "$250.00", 5000 JPY -> "¥5,000", 1500 KWD -> "KWD 1.500". */
export function formatMinorUnits(minorUnits: number, currency: string): string {
  const format = currencyFormat(currency);
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minorUnits / 10 ** digits);
}
