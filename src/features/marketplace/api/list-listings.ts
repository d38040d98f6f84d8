import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { listingSchema, type Listing } from '../../../../contract/listing.ts';
import { INITIAL_SEARCH_ELEMENT_ID, searchMetaSchema, type SearchMeta } from '../../../../contract/search.ts';
import { ApiError, apiGet, parseResponse } from '../../../lib/api-client.ts';
import { takeServedReply } from '../../../lib/served-reply.ts';

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
 * at its bare address), so the first render already has it: on a page the server drew, the markup holds those
 * cards. Every later search asks the API.
 */
const takeServedSearch = (query: string) =>
  query === '' ? takeServedReply(INITIAL_SEARCH_ELEMENT_ID, toSearchPage) : undefined;

function toSearchPage(reply: unknown): SearchPage {
  if (typeof reply !== 'object' || reply === null) {
    throw new ApiError({ message: INVALID_REPLY_MESSAGE, code: 'RESPONSE_FORMAT_ERROR', details: reply });
  }
  const parsed = parseResponse(searchReplySchema, reply);
  return { listings: parsed.data, meta: parsed.meta };
}

export async function searchListings(query: string, signal?: AbortSignal): Promise<SearchPage> {
  return toSearchPage(await apiGet<unknown>(`/api/listings${query ? `?${query}` : ''}`, undefined, { signal }));
}

/** The server's render of the marketplace starts from the same first page as the browser's (`takeServedSearch`). */
export function seedUnfilteredSearch(client: QueryClient, reply: unknown): void {
  client.setQueryData(searchQueryOptions('').queryKey, toSearchPage(reply));
}

/** `query` is the API query string (filters, page, bounds), which also keys the cache. */
export const searchQueryOptions = (query: string) =>
  queryOptions({
    queryKey: ['listings', query],
    queryFn: ({ signal }) => searchListings(query, signal),
    initialData: () => takeServedSearch(query),
    // Paging and filtering keep the previous results on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  });

export function useSearchListings(query: string) {
  return useQuery(searchQueryOptions(query));
}
