import { Navigate } from 'react-router-dom';
import { LoadFailed } from '../../../components/ui/LoadFailed.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { StatusMessage } from '../../../components/ui/StatusMessage.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useMyHotels } from '../../../lib/my-hotels.ts';

/** /hotel: the person's first hotel, or how to get one. */
export default function HotelConsoleHome() {
  usePageTitle('Hotel console');
  const mine = useMyHotels();
  if (mine.isPending) return <Spinner label="Loading your hotels…" />;
  if (mine.isError)
    return (
      <div className="mx-auto max-w-4xl px-4 py-8">
        <LoadFailed title="Failed to load your hotels." onRetry={() => void mine.refetch()} />
      </div>
    );
  const first = mine.data[0];
  if (first) return <Navigate to={`/hotel/${first.id}`} replace />;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <StatusMessage asPageHeading title="No hotel yet">
        <p>
          A hotel joins Restay by connecting it in the Mews Marketplace; the person who connects it gets an email with a
          link to set it up. Colleagues join by an admin&apos;s invitation.
        </p>
      </StatusMessage>
    </div>
  );
}
