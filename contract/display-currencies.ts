// No zod here: the header's currency choice is on every page's first paint.

/**
 * The currency a search's price bounds are in when it names none, and the one the SPA shows when the browser's
 * locale names no other: US dollars.
 */
export const SEARCH_DEFAULT_CURRENCY = 'USD';

/**
 * The currencies a visitor may see prices in: those the European Central Bank publishes daily reference rates
 * for, and the euro. Listings are charged in their own currency; these are for showing approximate amounts.
 */
export const DISPLAY_CURRENCIES = [
  'AUD',
  'BGN',
  'BRL',
  'CAD',
  'CHF',
  'CNY',
  'CZK',
  'DKK',
  'EUR',
  'GBP',
  'HKD',
  'HUF',
  'IDR',
  'ILS',
  'INR',
  'ISK',
  'JPY',
  'KRW',
  'MXN',
  'MYR',
  'NOK',
  'NZD',
  'PHP',
  'PLN',
  'RON',
  'SEK',
  'SGD',
  'THB',
  'TRY',
  'USD',
  'ZAR',
] as const;
