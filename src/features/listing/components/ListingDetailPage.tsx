import { Link, useParams } from 'react-router-dom';
import { useAuth, useSignInDialog } from '../../../lib/auth-context.ts';
import { secondaryButton } from '../../../components/ui/button-styles.ts';
import { StatusMessage } from '../../../components/ui/StatusMessage.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useStripeFraudSignals } from '../../../lib/stripe-fraud-signals.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useListing } from '../api/get-listing.ts';
import { listingPath } from '../use-book-now.ts';
import { CreatedBanner } from './CreatedBanner.tsx';
import { ListingDetail, ListingDetailSkeleton } from './ListingDetail.tsx';

export const NOT_FOUND_TEXT = 'Listing Not Found - This listing may have been removed or is no longer available.';

function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'NOT_FOUND' || error.status === 404);
}

export default function ListingDetailPage() {
  const { id = '' } = useParams();
  const listing = useListing(id);
  const { user, status } = useAuth();
  // A page the server drew shows the stay as a guest sees it; what depends on who is looking waits for the
  // session and for the stay as read for this viewer (`listingQueryOptions` marks a guest's reply as never read).
  const viewerKnown = status !== 'loading' && listing.dataUpdatedAt > 0;
  const signInDialog = useSignInDialog();
  useStripeFraudSignals();
  usePageTitle(listing.data?.title ?? (listing.isError && isNotFound(listing.error) ? 'Listing Not Found' : 'Stay'));

  const backLink = (
    <Link to="/marketplace" className={secondaryButton}>
      Back to the marketplace
    </Link>
  );

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <CreatedBanner />
      {listing.isPending ? (
        <ListingDetailSkeleton />
      ) : listing.isError ? (
        isNotFound(listing.error) ? (
          <StatusMessage asPageHeading title="Listing Not Found" action={backLink}>
            <p aria-hidden="true">This listing may have been removed or is no longer available.</p>
            {/* The not-found message as one sentence in one element, for assistive tech and search. */}
            <p className="sr-only">{NOT_FOUND_TEXT}</p>
          </StatusMessage>
        ) : (
          <StatusMessage
            asPageHeading
            tone="error"
            title={`Failed to load listing: ${listing.error.message}`}
            action={backLink}
          />
        )
      ) : (
        <ListingDetail
          listing={listing.data}
          viewerId={user?.id ?? null}
          viewerKnown={viewerKnown}
          onSignInRequired={() => signInDialog.open(listingPath(listing.data.id), 'book')}
        />
      )}
    </div>
  );
}
