import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { successEnvelopeSchema } from '../../../../contract/errors.ts';
import { listingSchema, type Listing } from '../../../../contract/listing.ts';
import { ApiError, apiGet, parseResponse } from '../../../lib/api-client.ts';

/** SPEC.md section 8: a reply that is not even an object gets its own message on the marketplace. */
export const INVALID_REPLY_MESSAGE = 'Invalid response from server';

const listingsReplySchema = successEnvelopeSchema(z.array(listingSchema));

export async function listListings(signal?: AbortSignal): Promise<Listing[]> {
  const reply = await apiGet<unknown>('/api/listings', undefined, { signal });
  if (typeof reply !== 'object' || reply === null) {
    throw new ApiError({ message: INVALID_REPLY_MESSAGE, code: 'RESPONSE_FORMAT_ERROR', details: reply });
  }
  return parseResponse(listingsReplySchema, reply).data;
}

export const listingsQueryOptions = () =>
  queryOptions({
    queryKey: ['listings'],
    queryFn: ({ signal }) => listListings(signal),
  });

export function useListings() {
  return useQuery(listingsQueryOptions());
}
