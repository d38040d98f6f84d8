import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { listingSchema, type Listing } from '../../../../contract/listing.ts';
import { INITIAL_SEARCH_ELEMENT_ID, searchMetaSchema, type SearchMeta } from '../../../../contract/search.ts';
import { ApiError, apiGet, parseResponse } from '../../../lib/api-client.ts';

/** A search reply that is not even an object (e.g. a proxy's HTML page) gets its own message on the marketplace. */
export const INVALID_REPLY_MESSAGE = 'Invalid response from server';

const searchReplySchema = z.object({
  success: z.literal(true),
  data: z.array(listingSchema),
  meta: searchMetaSchema,
});

export interface SearchPage {
  listings: Listing[];
  meta: SearchMeta;
}

/**
 * The first page of the unfiltered search, when the server put it in the page it served (the marketplace opened
 * at its bare address). Taken once: every later search asks the API.
 */
function takeServedSearch(query: string): unknown {
  const element = query === '' ? document.getElementById(INITIAL_SEARCH_ELEMENT_ID) : null;
  if (!element) return undefined;
  element.remove();
  return JSON.parse(element.textContent ?? 'null') as unknown;
}

export async function searchListings(query: string, signal?: AbortSignal): Promise<SearchPage> {
  const reply =
    takeServedSearch(query) ??
    (await apiGet<unknown>(`/api/listings${query ? `?${query}` : ''}`, undefined, { signal }));
  if (typeof reply !== 'object' || reply === null) {
    throw new ApiError({ message: INVALID_REPLY_MESSAGE, code: 'RESPONSE_FORMAT_ERROR', details: reply });
  }
  const parsed = parseResponse(searchReplySchema, reply);
  return { listings: parsed.data, meta: parsed.meta };
}

/** `query` is the API query string (filters, page, bounds), which also keys the cache. */
export const searchQueryOptions = (query: string) =>
  queryOptions({
    queryKey: ['listings', query],
    queryFn: ({ signal }) => searchListings(query, signal),
    // Paging and filtering keep the previous results on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  });

export function useSearchListings(query: string) {
  return useQuery(searchQueryOptions(query));
}
