import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateListingRequest } from '../../../../contract/selling.ts';
import { apiDelete, apiPut } from '../../../lib/api-client.ts';
import { invalidateListingReads } from './listing-queries.ts';

/** PUT /api/listings/:id: texts, price, or active <-> inactive; the server checks owner and status. */
export async function updateListing({ id, changes }: { id: string; changes: UpdateListingRequest }): Promise<void> {
  await apiPut(`/api/listings/${encodeURIComponent(id)}`, changes);
}

/** DELETE /api/listings/:id: withdraws the listing for good. */
export async function withdrawListing(id: string): Promise<void> {
  await apiDelete(`/api/listings/${encodeURIComponent(id)}`);
}

export function useUpdateListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateListing,
    onSuccess: (_reply, { id }) => invalidateListingReads(queryClient, id),
  });
}

export function useWithdrawListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawListing,
    onSuccess: (_reply, id) => invalidateListingReads(queryClient, id),
  });
}
