import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { sellerListingSchema, type SellerListing } from '../../../../contract/handover.ts';
import { apiGet, parseResponse } from '../../../lib/api-client.ts';
import { myListingsKey } from './listing-queries.ts';

// The API answers in its envelope; a bare array is read the same way. Each listing carries its sale's outcome.
const myListingsReplySchema = z.union([
  z.object({ data: z.array(sellerListingSchema) }).transform((reply) => reply.data),
  z.array(sellerListingSchema),
]);

export async function getMyListings(userId: string, signal?: AbortSignal): Promise<SellerListing[]> {
  const reply = await apiGet<unknown>(`/api/listings/user/${encodeURIComponent(userId)}`, undefined, { signal });
  return parseResponse(myListingsReplySchema, reply);
}

export function useMyListings(userId: string) {
  return useQuery({ queryKey: myListingsKey(userId), queryFn: ({ signal }) => getMyListings(userId, signal) });
}
