import { queryOptions, useQuery } from '@tanstack/react-query';
import { successEnvelopeSchema } from '../../../../contract/errors.ts';
import { listingDetailSchema, type ListingWithViewer } from '../../../../contract/listing.ts';
import { apiGet, parseResponse } from '../../../lib/api-client.ts';

const listingReplySchema = successEnvelopeSchema(listingDetailSchema);

export async function getListing(id: string, signal?: AbortSignal): Promise<ListingWithViewer> {
  const reply = await apiGet<unknown>(`/api/listings/${encodeURIComponent(id)}`, undefined, { signal });
  return parseResponse(listingReplySchema, reply).data;
}

export const listingQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['listing', id],
    queryFn: ({ signal }) => getListing(id, signal),
  });

export function useListing(id: string) {
  return useQuery(listingQueryOptions(id));
}
