import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { CreateListingRequest } from '../../../../contract/selling.ts';
import { apiPost, parseResponse } from '../../../lib/api-client.ts';
import { invalidateListingReads } from './listing-queries.ts';

// The new listing's id may come as data.id, data.listingId, listingId or id; older servers sent any of them.
const createdReplySchema = z.object({
  data: z
    .object({
      id: z.string().optional(),
      listingId: z.string().optional(),
      awaitingHotel: z.string().nullish(),
    })
    .nullish(),
  listingId: z.string().optional(),
  id: z.string().optional(),
});

/** A listing just created: its id (null when the server did not return one) and, while it waits for the hotel, why. */
export interface CreatedListing {
  id: string | null;
  /** "Waiting for <hotel> to approve. ..." while the hotel approves it first; null when it is on sale at once. */
  awaitingHotel: string | null;
}

/** Creates the listing. */
export async function createListing(body: CreateListingRequest): Promise<CreatedListing> {
  const reply = parseResponse(createdReplySchema, await apiPost<unknown>('/api/listings', body));
  return {
    id: reply.data?.id ?? reply.data?.listingId ?? reply.listingId ?? reply.id ?? null,
    awaitingHotel: reply.data?.awaitingHotel ?? null,
  };
}

export function useCreateListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createListing,
    // The reservation now has a live listing: a later visit must read it afresh, not from this session's cache.
    onSuccess: () =>
      Promise.all([invalidateListingReads(queryClient), queryClient.invalidateQueries({ queryKey: ['reservation'] })]),
  });
}
