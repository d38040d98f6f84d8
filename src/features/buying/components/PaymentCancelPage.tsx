import { Link } from 'react-router-dom';
import { primaryButton, secondaryButton } from '../../../components/ui/button-styles.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';

/** Static and true whatever the session: a cancelled hosted checkout never charges the card. */
export default function PaymentCancelPage() {
  usePageTitle('Payment Cancelled');

  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Payment Cancelled</h1>
      <p className="mt-3 text-lg text-slate-600">No charges were made.</p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to="/my-stays" className={primaryButton}>
          My Stays
        </Link>
        <Link to="/" className={secondaryButton}>
          Home
        </Link>
      </div>
    </div>
  );
}
