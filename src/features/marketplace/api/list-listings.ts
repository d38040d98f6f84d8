import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Listing } from '../../../../contract/listing.ts';
import { INITIAL_SEARCH_ELEMENT_ID } from '../../../../contract/page-config.ts';
import type { SearchMeta } from '../../../../contract/search.ts';
import { ApiError, apiGet, isRecord, parseResponse } from '../../../lib/api-client.ts';
import { takeServedReply } from '../../../lib/served-reply.ts';

/** A search reply that is not even an object (e.g. a proxy's HTML page) gets its own message on the marketplace. */
export const INVALID_REPLY_MESSAGE = 'Invalid response from server';

/** The reply's schema (and with it zod) is its own chunk, fetched beside the reply: no first paint waits on it. */
const loadReplySchema = async () => (await import('./search-reply-schema.ts')).searchReplySchema;

export interface SearchPage {
  listings: Listing[];
  meta: SearchMeta;
}

const notASearchReply = (reply: unknown) =>
  new ApiError({ message: INVALID_REPLY_MESSAGE, code: 'RESPONSE_FORMAT_ERROR', details: reply });

/**
 * A search reply this deploy's server wrote (into the page, or for its own render), read by its shape alone: the
 * page takes it in its first task, before zod has loaded. The browser checks it against the contract afterwards.
 */
function servedSearchPage(reply: unknown): SearchPage {
  if (!isRecord(reply) || reply.success !== true || !Array.isArray(reply.data) || !isRecord(reply.meta)) {
    throw notASearchReply(reply);
  }
  return { listings: reply.data as Listing[], meta: reply.meta as unknown as SearchMeta };
}

/**
 * The first page of the unfiltered search, when the server put it in the page it served (the marketplace opened
 * at its bare address), so the first render already has it: on a page the server drew, the markup holds those
 * cards. Every later search asks the API.
 */
const takeServedSearch = (query: string) =>
  query === '' ? takeServedReply(INITIAL_SEARCH_ELEMENT_ID, servedSearchPage, loadReplySchema) : undefined;

export async function searchListings(query: string, signal?: AbortSignal): Promise<SearchPage> {
  const [reply, schema] = await Promise.all([
    apiGet<unknown>(`/api/listings${query ? `?${query}` : ''}`, undefined, { signal }),
    loadReplySchema(),
  ]);
  if (typeof reply !== 'object' || reply === null) throw notASearchReply(reply);
  const parsed = parseResponse(schema, reply);
  return { listings: parsed.data, meta: parsed.meta };
}

/** The server's render of the marketplace starts from the same first page as the browser's (`takeServedSearch`). */
export function seedUnfilteredSearch(client: QueryClient, reply: unknown): void {
  client.setQueryData(searchQueryOptions('').queryKey, servedSearchPage(reply));
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
