import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { listingSchema, type Listing } from '../../../../contract/listing.ts';
import { searchMetaSchema, type SearchMeta } from '../../../../contract/search.ts';
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

export async function searchListings(query: string, signal?: AbortSignal): Promise<SearchPage> {
  const reply = await apiGet<unknown>(`/api/listings${query ? `?${query}` : ''}`, undefined, { signal });
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
