import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { ListingWithViewer } from '../../../../contract/listing.ts';
import { SERVED_LISTING_ELEMENT_ID } from '../../../../contract/page-config.ts';
import { ApiError, API_ERROR_MESSAGES, apiGet, isRecord, parseResponse } from '../../../lib/api-client.ts';
import { takeServedReply } from '../../../lib/served-reply.ts';
import { mayHaveSession } from '../../../lib/supabase.ts';

/** The reply's schema (and with it zod) is its own chunk, fetched beside the reply: no first paint waits on it. */
const loadReplySchema = async () => (await import('./listing-reply-schema.ts')).listingReplySchema;

export async function getListing(id: string, signal?: AbortSignal): Promise<ListingWithViewer> {
  const [reply, schema] = await Promise.all([
    apiGet<unknown>(`/api/listings/${encodeURIComponent(id)}`, undefined, { signal }),
    loadReplySchema(),
  ]);
  return parseResponse(schema, reply).data;
}

/**
 * A stay's reply this deploy's server wrote (into the page, or for its own render), read by its shape alone: the
 * page takes it in its first task, before zod has loaded. The browser checks it against the contract afterwards.
 * Its type is the contract's input, so the fields the schema would default are read as possibly missing.
 */
function servedListing(reply: unknown): ListingWithViewer {
  if (!isRecord(reply) || reply.success !== true || !isRecord(reply.data) || typeof reply.data.id !== 'string') {
    throw new ApiError({ message: API_ERROR_MESSAGES.responseFormat, code: 'RESPONSE_FORMAT_ERROR', details: reply });
  }
  return reply.data as unknown as ListingWithViewer;
}

/**
 * The stay as a guest sees it, when the server put it in the page it served, so the first render already has it
 * (on a page the server drew, the markup holds it).
 */
function takeServedListing(id: string): ListingWithViewer | undefined {
  const listing = takeServedReply(SERVED_LISTING_ELEMENT_ID, servedListing, loadReplySchema);
  return listing?.id === id ? listing : undefined;
}

/** The server's render of a stay's page starts from the same reply as the browser's (`takeServedListing`). */
export function seedServedListing(client: QueryClient, reply: unknown): void {
  const listing = servedListing(reply);
  client.setQueryData(listingQueryOptions(listing.id).queryKey, listing);
}

export const listingQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['listing', id],
    queryFn: ({ signal }) => getListing(id, signal),
    initialData: () => takeServedListing(id),
    // A guest's reply is a guest's: for a visitor who may be signed in it counts as never read (updated at 0),
    // so the page reads the stay again with their session and waits for that before acting on it.
    initialDataUpdatedAt: () => (mayHaveSession() ? 0 : Date.now()),
  });

export function useListing(id: string) {
  return useQuery(listingQueryOptions(id));
}
