import { primaryButton } from '../../../components/ui/button-styles.ts';
import { StatusMessage } from '../../../components/ui/StatusMessage.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { INVALID_REPLY_MESSAGE, useListings } from '../api/list-listings.ts';
import { ListingCard } from '../../../components/listings/ListingCard.tsx';
import { ListingGridSkeleton } from './ListingGridSkeleton.tsx';

function errorMessage(error: unknown): string {
  return error instanceof ApiError && error.message === INVALID_REPLY_MESSAGE
    ? INVALID_REPLY_MESSAGE
    : 'Failed to load listings. Please try again.';
}

export default function MarketplacePage() {
  usePageTitle('Marketplace');
  const listings = useListings();

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Marketplace</h1>
      <p className="mt-2 text-slate-600">Hotel stays resold by travellers who can no longer use them.</p>

      <div className="mt-8">
        {listings.isPending ? (
          <ListingGridSkeleton />
        ) : listings.isError ? (
          <StatusMessage
            tone="error"
            title={errorMessage(listings.error)}
            action={
              <button type="button" className={primaryButton} onClick={() => void listings.refetch()} disabled={listings.isFetching}>
                Retry
              </button>
            }
          />
        ) : listings.data.length === 0 ? (
          <StatusMessage title="No stays available">Try adjusting your search filters or check back later</StatusMessage>
        ) : (
          <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {listings.data.map((listing) => (
              <li key={listing.id} className="flex">
                <ListingCard listing={listing} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
