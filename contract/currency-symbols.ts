/**
 * How en-US writes each currency a visitor may see prices in, as Intl.NumberFormat writes it (CLDR): the symbol
 * before the amount (a code is parted from it by a no-break space) and the usual number of decimals. Written out
 * so that pages format prices without making an Intl.NumberFormat: the first one a page makes loads the
 * browser's number and currency data, tens of milliseconds of a phone's main thread while the page starts.
 * tests/contract/money-format.test.ts holds every entry to Intl's own output.
 */
export const EN_US_CURRENCIES: Readonly<Record<string, readonly [symbol: string, decimals: number]>> = {
  AUD: ['A$', 2],
  BGN: ['BGN\u00a0', 2],
  BRL: ['R$', 2],
  CAD: ['CA$', 2],
  CHF: ['CHF\u00a0', 2],
  CNY: ['CN¥', 2],
  CZK: ['CZK\u00a0', 2],
  DKK: ['DKK\u00a0', 2],
  EUR: ['€', 2],
  GBP: ['£', 2],
  HKD: ['HK$', 2],
  HUF: ['HUF\u00a0', 0],
  IDR: ['IDR\u00a0', 0],
  ILS: ['₪', 2],
  INR: ['₹', 2],
  ISK: ['ISK\u00a0', 0],
  JPY: ['¥', 0],
  KRW: ['₩', 0],
  MXN: ['MX$', 2],
  MYR: ['MYR\u00a0', 2],
  NOK: ['NOK\u00a0', 2],
  NZD: ['NZ$', 2],
  PHP: ['₱', 2],
  PLN: ['PLN\u00a0', 2],
  RON: ['RON\u00a0', 2],
  SEK: ['SEK\u00a0', 2],
  SGD: ['SGD\u00a0', 2],
  THB: ['THB\u00a0', 2],
  TRY: ['TRY\u00a0', 2],
  USD: ['$', 2],
  ZAR: ['ZAR\u00a0', 2],
};
