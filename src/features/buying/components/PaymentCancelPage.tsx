import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { primaryButton, secondaryButton } from '../../../components/ui/button-styles.ts';
import { pendingCheckout } from '../../../lib/checkout-storage.ts';
import { useStripeFraudSignals } from '../../../lib/stripe-fraud-signals.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { cancelCheckout } from '../api/purchase.ts';

/**
 * Where the hosted checkout sends a buyer who turned back. A cancelled checkout never charges the card; the
 * server is told at once so the stay goes back on the market without waiting for the session to expire. The
 * page's address names the stay (`?listing=`), so a tab that lost its stored session still releases the hold.
 * Its first link leads back to that stay, read again once the hold is released so it shows as bookable.
 */
export default function PaymentCancelPage() {
  usePageTitle('Payment Cancelled');
  useStripeFraudSignals();
  const [params] = useSearchParams();
  const listingId = params.get('listing');
  const released = useRef(false);
  const queryClient = useQueryClient();
  // The stay this checkout was for: from the address, else from what this tab stored before leaving for it.
  const [stayId] = useState(() => listingId ?? pendingCheckout.listingId());

  useEffect(() => {
    if (released.current) return;
    released.current = true;
    const sessionId = pendingCheckout.sessionId();
    pendingCheckout.clear();
    const checkout = sessionId ? { sessionId } : listingId ? { listingId } : null;
    // If this fails the hold still ends when the session expires; nothing for the buyer to do.
    if (!checkout) return;
    cancelCheckout(checkout)
      .catch((error: unknown) => console.warn('Releasing the checkout failed', error))
      .finally(() => void queryClient.invalidateQueries({ queryKey: ['listing'] }));
  }, [listingId, queryClient]);

  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Payment Cancelled</h1>
      <p className="mt-3 text-lg text-slate-600">No charges were made.</p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        {stayId ? (
          <Link to={`/listings/${encodeURIComponent(stayId)}`} className={primaryButton}>
            Back to the stay
          </Link>
        ) : null}
        <Link to="/my-stays" className={stayId ? secondaryButton : primaryButton}>
          My Stays
        </Link>
        <Link to="/" className={secondaryButton}>
          Home
        </Link>
      </div>
    </div>
  );
}
