/**
 * The English name of each currency a visitor may see prices in, as Intl.DisplayNames names it (CLDR), for the
 * sentence that says what a card is charged in. Written out because the first Intl.DisplayNames a page makes loads
 * the browser's display-name data: 150-290 ms of the press that opens the Pay Now panel on a phone (ADR 0094).
 * tests/contract/currency-names.test.ts holds every entry to Intl's own name.
 */
export const EN_CURRENCY_NAMES: Readonly<Record<string, string>> = {
  AUD: 'Australian Dollar',
  BGN: 'Bulgarian Lev',
  BRL: 'Brazilian Real',
  CAD: 'Canadian Dollar',
  CHF: 'Swiss Franc',
  CNY: 'Chinese Yuan',
  CZK: 'Czech Koruna',
  DKK: 'Danish Krone',
  EUR: 'Euro',
  GBP: 'British Pound',
  HKD: 'Hong Kong Dollar',
  HUF: 'Hungarian Forint',
  IDR: 'Indonesian Rupiah',
  ILS: 'Israeli New Shekel',
  INR: 'Indian Rupee',
  ISK: 'Icelandic Króna',
  JPY: 'Japanese Yen',
  KRW: 'South Korean Won',
  MXN: 'Mexican Peso',
  MYR: 'Malaysian Ringgit',
  NOK: 'Norwegian Krone',
  NZD: 'New Zealand Dollar',
  PHP: 'Philippine Peso',
  PLN: 'Polish Zloty',
  RON: 'Romanian Leu',
  SEK: 'Swedish Krona',
  SGD: 'Singapore Dollar',
  THB: 'Thai Baht',
  TRY: 'Turkish Lira',
  USD: 'US Dollar',
  ZAR: 'South African Rand',
};

/** A currency's English name; one the table lacks (a hotel may charge in it) is asked of Intl, or is its code. */
export function currencyName(code: string): string {
  const listed = EN_CURRENCY_NAMES[code.toUpperCase()];
  if (listed) return listed;
  try {
    return new Intl.DisplayNames(['en'], { type: 'currency' }).of(code) ?? code;
  } catch {
    // A code Intl cannot read is named by itself.
    return code;
  }
}
