import type { QueryClient } from '@tanstack/react-query';

/** Query keys of listing reads: a seller's change shows at once in My Listings, search and the listing page. */
export const myListingsKey = (userId: string) => ['my-listings', userId] as const;

export function invalidateListingReads(queryClient: QueryClient, listingId?: string): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['my-listings'] }),
    queryClient.invalidateQueries({ queryKey: ['listings'] }),
    listingId ? queryClient.invalidateQueries({ queryKey: ['listing', listingId] }) : undefined,
  ]).then(() => undefined);
}
