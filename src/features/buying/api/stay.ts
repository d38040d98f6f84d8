import { useQuery } from '@tanstack/react-query';
import { successEnvelopeSchema } from '../../../../contract/errors.ts';
import { listingSchema } from '../../../../contract/listing.ts';
import { apiGet, parseResponse } from '../../../lib/api-client.ts';

const replySchema = successEnvelopeSchema(listingSchema);

/** GET /api/listings/:id for the confirmation page; the cache key is the listing's, shared with its page. */
export function useStay(listingId: string | null) {
  return useQuery({
    queryKey: ['listing', listingId],
    queryFn: async ({ signal }) =>
      parseResponse(
        replySchema,
        await apiGet<unknown>(`/api/listings/${encodeURIComponent(listingId ?? '')}`, undefined, { signal }),
      ).data,
    enabled: listingId !== null,
  });
}
