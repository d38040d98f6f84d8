import { useBrowserStore } from './use-browser-value.tsx';
import { DISPLAY_CURRENCIES, SEARCH_DEFAULT_CURRENCY } from '../../contract/display-currencies.ts';

const STORAGE_KEY = 'restay.currency';

/** The euro area's countries (and those using the euro by agreement), by region code. */
const EURO_REGIONS = new Set(
  'AD AT BE CY DE EE ES FI FR GR HR IE IT LT LU LV MC ME MT NL PT SI SK SM VA XK'.split(' '),
);
/** Other regions whose own currency the ECB publishes a rate for. */
const REGION_CURRENCY: Record<string, string> = {
  AU: 'AUD',
  BG: 'BGN',
  BR: 'BRL',
  CA: 'CAD',
  CH: 'CHF',
  LI: 'CHF',
  CN: 'CNY',
  CZ: 'CZK',
  DK: 'DKK',
  GB: 'GBP',
  HK: 'HKD',
  HU: 'HUF',
  ID: 'IDR',
  IL: 'ILS',
  IN: 'INR',
  IS: 'ISK',
  JP: 'JPY',
  KR: 'KRW',
  MX: 'MXN',
  MY: 'MYR',
  NO: 'NOK',
  NZ: 'NZD',
  PH: 'PHP',
  PL: 'PLN',
  RO: 'RON',
  SE: 'SEK',
  SG: 'SGD',
  TH: 'THB',
  TR: 'TRY',
  US: 'USD',
  ZA: 'ZAR',
};

const isDisplayCurrency = (code: string | null): code is string =>
  code !== null && (DISPLAY_CURRENCIES as readonly string[]).includes(code);

/**
 * Each locale's currency, once worked out: every price on the page reads the visitor's currency as it renders,
 * and expanding a locale to its likely region is not free.
 */
const localeCurrencies = new Map<string | undefined, string>();

/** The currency of the browser's locale ("de-AT" -> EUR, "ja-JP" -> JPY, "en" -> USD via its likely region). */
export function currencyOfLocale(locale: string | undefined): string {
  let currency = localeCurrencies.get(locale);
  if (currency === undefined) {
    currency = regionCurrency(locale);
    localeCurrencies.set(locale, currency);
  }
  return currency;
}

function regionCurrency(locale: string | undefined): string {
  try {
    const parsed = locale ? new Intl.Locale(locale) : undefined;
    // A locale that names its region says it; only a bare language ("en") is expanded to its likely one, which
    // is slow the first time (the browser loads its table of likely regions).
    const region = parsed ? (parsed.region ?? parsed.maximize().region) : undefined;
    if (!region) return SEARCH_DEFAULT_CURRENCY;
    if (EURO_REGIONS.has(region)) return 'EUR';
    return REGION_CURRENCY[region] ?? SEARCH_DEFAULT_CURRENCY;
  } catch {
    return SEARCH_DEFAULT_CURRENCY;
  }
}

const listeners = new Set<() => void>();
const choiceListeners = new Set<(code: string) => void>();

/**
 * Tells `listener` each time the visitor picks a currency on this page (not when a drawn page takes on the
 * browser's own after showing dollars): what was shown in the old currency may follow them. Answers how to stop.
 */
export function onVisitorCurrencyChosen(listener: (code: string) => void): () => void {
  choiceListeners.add(listener);
  return () => choiceListeners.delete(listener);
}
/** A choice storage refused to keep, which still holds for this page. */
let memory: string | null = null;

function readCurrency(): string {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage refused (private mode, a sandbox): the locale's currency.
  }
  return isDisplayCurrency(stored) ? stored : currencyOfLocale(navigator.languages?.[0] ?? navigator.language);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab's choice applies here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Remembers the visitor's choice in this browser and shows every price in it. */
export function setVisitorCurrency(code: string): void {
  if (!isDisplayCurrency(code)) return;
  try {
    window.localStorage.setItem(STORAGE_KEY, code);
  } catch {
    memory = code; // not remembered, but applied to this page
  }
  for (const listener of listeners) listener();
  for (const listener of choiceListeners) listener(code);
}

/**
 * The currency the visitor sees prices in: their choice, else their browser locale's. A page the server drew
 * shows US dollars (it cannot know the browser) and the browser's render after it has the visitor's own.
 */
export function useVisitorCurrency(): string {
  return useBrowserStore(subscribe, () => memory ?? readCurrency(), SEARCH_DEFAULT_CURRENCY);
}
