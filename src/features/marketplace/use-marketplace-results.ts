import { useState } from 'react';
import { filtersToParams, type SearchFilters } from '../../lib/search-filters.ts';
import { useSearchListings } from './api/list-listings.ts';
import { SEARCH_DEFAULT_CURRENCY } from '../../../contract/display-currencies.ts';

/**
 * The results of the applied filters, narrowed by "Search this area" (or by the URL's `bounds`, as an opened
 * saved search has) and paged. A new search starts again from the whole map, and new filters or a new area
 * start again at page 1.
 */
export function useMarketplaceResults(applied: SearchFilters, currency: string, urlBounds: string | null = null) {
  // The API query: exactly the URL's filters (already normalised), the price filter's currency (which the price
  // bounds and the ceiling are in, as the API's `currency`; left out when it is the API's default, so the drawn
  // page's served first page serves), the map box and the page.
  const filterParams = filtersToParams(applied, Number.POSITIVE_INFINITY);
  filterParams.delete('priceCurrency');
  if (currency !== SEARCH_DEFAULT_CURRENCY) filterParams.set('currency', currency);
  const filterQuery = filterParams.toString();
  const [area, setArea] = useState<{ key: string; bounds: string } | null>(null);
  const bounds = area?.key === filterQuery ? area.bounds : urlBounds;
  const resultsKey = `${filterQuery}|${bounds ?? ''}`;
  const [paging, setPaging] = useState({ key: resultsKey, page: 1 });
  const page = paging.key === resultsKey ? paging.page : 1;

  const apiParams = new URLSearchParams(filterQuery);
  if (bounds) apiParams.set('bounds', bounds);
  // What "Save this search" keeps: the filters, the area and, always, the currency its price bounds are in (named
  // even when it is the API's default), without the page.
  const savedQuery = { ...Object.fromEntries(apiParams), currency };
  if (page > 1) apiParams.set('page', String(page));
  const search = useSearchListings(apiParams.toString());

  return {
    search,
    savedQuery,
    page,
    setPage: (next: number) => setPaging({ key: resultsKey, page: next }),
    searchArea: (box: string) => setArea({ key: filterQuery, bounds: box }),
  };
}
