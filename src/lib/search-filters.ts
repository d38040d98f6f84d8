import { DISPLAY_CURRENCIES } from '../../contract/display-currencies.ts';
import { parsePriceText } from '../../contract/price-text.ts';
import { isIsoDay } from './calendar-day.ts';

/**
 * The marketplace's filters and their URL form (pure, unit-tested). The URL is the source of truth for what
 * is applied: a shared or reloaded link shows the same search.
 */
export interface SearchFilters {
  location: string;
  hotelName: string;
  /** YYYY-MM-DD or '' */
  startDate: string;
  endDate: string;
  minPrice: number;
  /** null: no upper bound (the slider sits at its ceiling). */
  maxPrice: number | null;
  /**
   * The currency the price bounds are in, so a shared link means the same stays to everyone; null when the URL
   * names none (then they are in the visitor's own).
   */
  priceCurrency: string | null;
  /** Only stays whose hotel approves their resale. */
  hotelApproved: boolean;
}

export const EMPTY_FILTERS: SearchFilters = {
  location: '',
  hotelName: '',
  startDate: '',
  endDate: '',
  minPrice: 0,
  maxPrice: null,
  priceCurrency: null,
  hotelApproved: false,
};

/** Whether the filters bound the price at all. */
export const isPriceBounded = (filters: Pick<SearchFilters, 'minPrice' | 'maxPrice'>) =>
  filters.minPrice > 0 || filters.maxPrice !== null;

export function filtersFromUrl(params: URLSearchParams): SearchFilters {
  const date = (name: string) => {
    const value = params.get(name) ?? '';
    return isIsoDay(value) ? value : '';
  };
  return {
    location: params.get('location') ?? '',
    hotelName: params.get('hotelName') ?? '',
    startDate: date('startDate'),
    endDate: date('endDate'),
    minPrice: parsePriceText(params.get('minPrice') ?? '') ?? 0,
    maxPrice: parsePriceText(params.get('maxPrice') ?? ''),
    priceCurrency: displayCurrency(params.get('priceCurrency')),
    hotelApproved: params.get('hotelApproved') === 'true',
  };
}

const displayCurrency = (code: string | null) => {
  const upper = code?.trim().toUpperCase() ?? '';
  return (DISPLAY_CURRENCIES as readonly string[]).includes(upper) ? upper : null;
};

/**
 * The query string for the filters: only non-empty trimmed text, `minPrice` only above 0 and `maxPrice` only
 * below the slider's ceiling (so a ceiling above the default 1000 still lets a lowered maximum filter), the
 * bounds' currency with them, and `hotelApproved` only when on.
 */
export function filtersToParams(filters: SearchFilters, ceiling: number): URLSearchParams {
  const params = new URLSearchParams();
  const text = (name: string, value: string) => {
    if (value.trim() !== '') params.set(name, value.trim());
  };
  text('location', filters.location);
  text('hotelName', filters.hotelName);
  text('startDate', filters.startDate);
  text('endDate', filters.endDate);
  if (filters.minPrice > 0) params.set('minPrice', String(filters.minPrice));
  if (filters.maxPrice !== null && filters.maxPrice < ceiling) params.set('maxPrice', String(filters.maxPrice));
  if (filters.priceCurrency && (params.has('minPrice') || params.has('maxPrice')))
    params.set('priceCurrency', filters.priceCurrency);
  if (filters.hotelApproved) params.set('hotelApproved', 'true');
  return params;
}

/** `/marketplace?…`, or the bare route when nothing is filtered. */
export function marketplaceUrl(filters: SearchFilters, ceiling: number): string {
  const query = filtersToParams(filters, ceiling).toString();
  return query ? `/marketplace?${query}` : '/marketplace';
}
