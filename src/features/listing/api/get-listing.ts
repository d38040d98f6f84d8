import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { ListingReply, ListingWithViewer } from '../../../../contract/listing.ts';
import { SERVED_LISTING_ELEMENT_ID } from '../../../../contract/served-replies.ts';
import { apiGetChecked } from '../../../lib/api-client.ts';
import { takeServedReply } from '../../../lib/served-reply.ts';
import { mayHaveSession } from '../../../lib/supabase.ts';

/** The reply's schema (and with it zod) is its own chunk, fetched beside the reply: a stay's page paints without it. */
const loadReplySchema = async () => (await import('../../../../contract/listing.ts')).listingReplySchema;

export async function getListing(id: string, signal?: AbortSignal): Promise<ListingWithViewer> {
  return (await apiGetChecked(`/api/listings/${encodeURIComponent(id)}`, loadReplySchema, undefined, { signal })).data;
}

/**
 * The stay as a guest sees it, when the server put it in the page it served, so the first render already has it
 * (on a page the server drew, the markup holds it).
 */
function takeServedListing(id: string): ListingWithViewer | undefined {
  const listing = takeServedReply<ListingReply>(SERVED_LISTING_ELEMENT_ID)?.data;
  return listing?.id === id ? listing : undefined;
}

/** The server's render of a stay's page starts from the same reply as the browser's (`takeServedListing`). */
export function seedServedListing(client: QueryClient, reply: ListingReply): void {
  client.setQueryData(listingQueryOptions(reply.data.id).queryKey, reply.data);
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
