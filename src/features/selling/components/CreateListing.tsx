import { Link } from 'react-router-dom';
import { primaryButton, secondaryButton } from '../../../components/ui/button-styles.ts';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { useFoundReservation } from '../api/find-reservation.ts';
import { ErrorBox } from './ErrorBox.tsx';
import { ListingForm, type ListingFormProps } from './ListingForm.tsx';

export const FIND_FAILED = 'Failed to fetch reservation details';

type Props = { reservationId: string } & Omit<ListingFormProps, 'found'>;

/** After the code: the reservation as the hotel's system knows it, then the listing form. */
export function CreateListing({ reservationId, ...form }: Props) {
  const { userId, onStartOver } = form;
  const found = useFoundReservation(reservationId, userId);

  if (found.isPending) return <Spinner label="Loading your reservation…" />;

  if (found.isError || found.data === null) {
    return (
      <div className="space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <ErrorBox messages={[FIND_FAILED, found.isError ? found.error.message : null]} />
        <div className="flex flex-col gap-3 sm:flex-row">
          <button type="button" className={primaryButton} onClick={() => void found.refetch()}>
            Try Again
          </button>
          <button type="button" className={secondaryButton} onClick={onStartOver}>
            Start Over
          </button>
        </div>
      </div>
    );
  }

  const { liveListingId } = found.data;
  if (liveListingId) {
    return (
      <div role="status" className="space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <p className="text-slate-700">This reservation is already listed.</p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Link to={`/listings/${liveListingId}`} className={primaryButton}>
            View the listing
          </Link>
          <button type="button" className={secondaryButton} onClick={onStartOver}>
            Start Over
          </button>
        </div>
      </div>
    );
  }

  return <ListingForm found={found.data} {...form} />;
}
