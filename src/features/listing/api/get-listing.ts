import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { successEnvelopeSchema } from '../../../../contract/errors.ts';
import {
  listingDetailSchema,
  SERVED_LISTING_ELEMENT_ID,
  type ListingWithViewer,
} from '../../../../contract/listing.ts';
import { apiGet, parseResponse } from '../../../lib/api-client.ts';
import { mayHaveSession } from '../../../lib/supabase.ts';

const listingReplySchema = successEnvelopeSchema(listingDetailSchema);

export async function getListing(id: string, signal?: AbortSignal): Promise<ListingWithViewer> {
  const reply = await apiGet<unknown>(`/api/listings/${encodeURIComponent(id)}`, undefined, { signal });
  return parseResponse(listingReplySchema, reply).data;
}

/**
 * The stay as a guest sees it, when the server put it in the page it served, so the first render already has it
 * (on a page the server drew, the markup holds it). Taken once; a block that does not parse is left to the API.
 */
function takeServedListing(id: string): ListingWithViewer | undefined {
  // The server's render has no document: it seeds this page itself (`seedServedListing`).
  const element = typeof document === 'undefined' ? null : document.getElementById(SERVED_LISTING_ELEMENT_ID);
  if (!element) return undefined;
  element.remove();
  try {
    const listing = parseResponse(listingReplySchema, JSON.parse(element.textContent ?? 'null')).data;
    return listing.id === id ? listing : undefined;
  } catch {
    return undefined;
  }
}

/** The server's render of a stay's page starts from the same reply as the browser's (`takeServedListing`). */
export function seedServedListing(client: QueryClient, reply: unknown): void {
  const listing = parseResponse(listingReplySchema, reply).data;
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
