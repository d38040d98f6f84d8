import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { SellerListing } from '../../../../contract/handover.ts';
import type { Listing } from '../../../../contract/listing.ts';
import { primaryButton } from '../../../components/ui/button-styles.ts';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { LoadFailed } from '../../../components/ui/LoadFailed.tsx';
import { StatusMessage } from '../../../components/ui/StatusMessage.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useUpdateListing } from '../api/change-listing.ts';
import { useMyListings } from '../api/my-listings.ts';
import { PHONE_LAYOUT, useMediaQuery } from '../../../lib/use-media-query.ts';
import { useSellerId } from '../use-seller-id.ts';
import { EditListingDialog } from './EditListingDialog.tsx';
import { ErrorBox } from './ErrorBox.tsx';
import { MyListingCards, MyListingsTable, type RowActions } from './MyListingRows.tsx';
import { PayoutsPanel } from './PayoutsPanel.tsx';
import { payoutTotals } from '../sale-outcome.ts';
import { WithdrawDialog } from './WithdrawDialog.tsx';

export const LOAD_FAILED = 'Failed to load your listings. Please try again.';

type Dialog = { kind: 'edit'; listing: SellerListing } | { kind: 'withdraw'; listing: Listing } | null;

export default function MyListingsPage() {
  usePageTitle('My Listings');
  const userId = useSellerId();
  const listings = useMyListings(userId);
  const phone = useMediaQuery(PHONE_LAYOUT);
  const toggle = useUpdateListing();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const finish = (message: string) => {
    setDialog(null);
    setNotice(message);
  };

  const actions: RowActions = {
    onEdit: (listing) => setDialog({ kind: 'edit', listing }),
    onWithdraw: (listing) => setDialog({ kind: 'withdraw', listing }),
    onToggle: (listing) => {
      setNotice(null);
      const pausing = listing.status === 'active';
      toggle.mutate(
        { id: listing.id, changes: { status: pausing ? 'inactive' : 'active' } },
        {
          onSuccess: () =>
            setNotice(
              pausing
                ? `“${listing.title}” is paused: buyers no longer see it.`
                : `“${listing.title}” is active again.`,
            ),
        },
      );
    },
    busyId: toggle.isPending ? toggle.variables.id : null,
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">My Listings</h1>
          <p className="mt-2 text-slate-600">The stays you have listed for resale.</p>
        </div>
        <Link to="/list-my-reservation" className={primaryButton}>
          Create New Listing
        </Link>
      </div>
      <div className="mt-8 space-y-4">
        {listings.data?.length ? (
          <PayoutsPanel totals={payoutTotals(listings.data.flatMap((listing) => listing.sale?.payout ?? []))} />
        ) : null}
        {notice ? (
          <p
            role="status"
            className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900"
          >
            {notice}
          </p>
        ) : null}
        <ErrorBox messages={[toggle.isError ? toggle.error.message : null]} />
        {listings.isPending ? (
          <Spinner label="Loading your listings…" />
        ) : listings.isError ? (
          <LoadFailed title={LOAD_FAILED} onRetry={() => void listings.refetch()} />
        ) : listings.data.length === 0 ? (
          <StatusMessage title="You haven't listed any stays yet">
            <p>Import a hotel reservation you can no longer use and set your price.</p>
          </StatusMessage>
        ) : phone ? (
          <MyListingCards listings={listings.data} actions={actions} />
        ) : (
          <MyListingsTable listings={listings.data} actions={actions} />
        )}
      </div>
      {dialog?.kind === 'edit' ? (
        <EditListingDialog
          listing={dialog.listing}
          onClose={() => setDialog(null)}
          onSaved={() => finish('Your changes are saved.')}
        />
      ) : null}
      {dialog?.kind === 'withdraw' ? (
        <WithdrawDialog
          listing={dialog.listing}
          onClose={() => setDialog(null)}
          onWithdrawn={(listing) => finish(`“${listing.title}” has been withdrawn.`)}
        />
      ) : null}
    </div>
  );
}
