import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Listing } from '../../../../contract/listing.ts';
import type { SearchMeta, SearchReply } from '../../../../contract/search.ts';
import { INITIAL_SEARCH_ELEMENT_ID } from '../../../../contract/served-replies.ts';
import { ApiError, apiGet, parseResponse } from '../../../lib/api-client.ts';
import { takeServedReply } from '../../../lib/served-reply.ts';

/** A search reply that is not even an object (e.g. a proxy's HTML page) gets its own message on the marketplace. */
export const INVALID_REPLY_MESSAGE = 'Invalid response from server';

/** The reply's schema (and with it zod) is its own chunk, fetched beside the reply: the marketplace paints without it. */
const loadReplySchema = async () => (await import('../../../../contract/search.ts')).searchReplySchema;

export interface SearchPage {
  listings: Listing[];
  meta: SearchMeta;
}

const toSearchPage = (reply: SearchReply): SearchPage => ({ listings: reply.data, meta: reply.meta });

/**
 * The first page of the unfiltered search, when the server put it in the page it served (the marketplace opened
 * at its bare address), so the first render already has it: on a page the server drew, the markup holds those
 * cards. Every later search asks the API.
 */
function takeServedSearch(query: string): SearchPage | undefined {
  const reply = query === '' ? takeServedReply<SearchReply>(INITIAL_SEARCH_ELEMENT_ID) : undefined;
  return reply && toSearchPage(reply);
}

export async function searchListings(query: string, signal?: AbortSignal): Promise<SearchPage> {
  const [reply, schema] = await Promise.all([
    apiGet<unknown>(`/api/listings${query ? `?${query}` : ''}`, undefined, { signal }),
    loadReplySchema(),
  ]);
  if (typeof reply !== 'object' || reply === null) {
    throw new ApiError({ message: INVALID_REPLY_MESSAGE, code: 'RESPONSE_FORMAT_ERROR', details: reply });
  }
  return toSearchPage(parseResponse(schema, reply));
}

/** The server's render of the marketplace starts from the same first page as the browser's (`takeServedSearch`). */
export function seedUnfilteredSearch(client: QueryClient, reply: SearchReply): void {
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
