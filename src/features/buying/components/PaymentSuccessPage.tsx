import { useEffect } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { PAYMENT_SUCCESS_REDIRECT_MS } from '../../../lib/ui-constants.ts';
import { useAuth } from '../../../lib/auth-context.ts';
import { primaryButton, secondaryButton } from '../../../components/ui/button-styles.ts';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { StatusMessage } from '../../../components/ui/StatusMessage.tsx';
import { useStripeFraudSignals } from '../../../lib/stripe-fraud-signals.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { usePaymentVerification, type Verification } from '../use-payment-verification.ts';

export const VERIFICATION_FAILED = "Payment Verification Failed: We couldn't verify your payment status.";

const PAGE_TITLES: Record<Verification['state'], string> = {
  loading: 'Payment',
  error: 'Payment',
  pending: 'Payment',
  success: 'Payment Successful',
  refund: 'Payment Refunded',
  unpaid: 'Checkout Ended',
};

/** Where the hosted checkout sends the buyer back: `?session_id=` names the checkout to verify. */
export default function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  useStripeFraudSignals();
  if (!sessionId) return <Navigate to="/my-stays" replace />;
  return <PaymentVerification sessionId={sessionId} />;
}

function PaymentVerification({ sessionId }: { sessionId: string }) {
  const { user } = useAuth();
  const verification = usePaymentVerification(sessionId, user?.id ?? null);
  const navigate = useNavigate();
  const confirmedListing = verification.state === 'success' ? (verification.listingId ?? '') : null;
  usePageTitle(PAGE_TITLES[verification.state]);

  useEffect(() => {
    if (confirmedListing === null) return;
    const target = confirmedListing
      ? `/booking/confirmation?listing=${encodeURIComponent(confirmedListing)}`
      : '/booking/confirmation';
    const timer = setTimeout(
      () => navigate(target, { replace: true, state: { listingId: confirmedListing } }),
      PAYMENT_SUCCESS_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [confirmedListing, navigate]);

  const myStays = (
    <Link to="/my-stays" className={secondaryButton}>
      My Stays
    </Link>
  );

  return (
    <div className="mx-auto max-w-xl px-4 py-16 sm:px-6">
      {verification.state === 'loading' ? <Spinner label="Verifying your payment…" /> : null}
      {verification.state === 'error' ? (
        <StatusMessage
          asPageHeading
          tone="error"
          title={VERIFICATION_FAILED}
          action={
            <div className="flex flex-col justify-center gap-3 sm:flex-row">
              <button type="button" className={primaryButton} onClick={verification.retry}>
                Try Again
              </button>
              {myStays}
            </div>
          }
        >
          <p>If your card was charged, the stay will appear under My Stays shortly.</p>
        </StatusMessage>
      ) : null}
      {verification.state === 'pending' ? (
        <StatusMessage
          asPageHeading
          title="Payment Processing"
          action={
            verification.stillChecking ? null : (
              <div className="flex flex-col justify-center gap-3 sm:flex-row">
                <button type="button" className={primaryButton} onClick={verification.checkAgain}>
                  Check again
                </button>
                {myStays}
              </div>
            )
          }
        >
          <p role="status">
            {verification.stillChecking
              ? 'We are waiting for the payment provider to confirm your payment. This page checks again automatically.'
              : "We haven't had the confirmation yet. It can take a little longer: check again in a moment."}
          </p>
        </StatusMessage>
      ) : null}
      {verification.state === 'refund' ? (
        <StatusMessage
          asPageHeading
          title={verification.refunded ? 'Your Payment Was Refunded' : 'Your Payment Is Being Refunded'}
          action={<div className="flex flex-col justify-center gap-3 sm:flex-row">{myStays}</div>}
        >
          <p role="status">
            {verification.refunded
              ? 'The stay could not be yours, so the full amount went back to your card.'
              : 'The stay could not be yours, so the full amount is going back to your card.'}
          </p>
          {verification.reason ? <p className="mt-2">Why: {verification.reason}</p> : null}
        </StatusMessage>
      ) : null}
      {verification.state === 'unpaid' ? (
        <StatusMessage
          asPageHeading
          title="This Checkout Has Ended"
          action={
            <div className="flex flex-col justify-center gap-3 sm:flex-row">
              {verification.listingId ? (
                <Link to={`/listings/${encodeURIComponent(verification.listingId)}`} className={primaryButton}>
                  Back to the stay
                </Link>
              ) : null}
              {myStays}
            </div>
          }
        >
          <p role="status">The checkout ended before a payment was made. No charges were made.</p>
        </StatusMessage>
      ) : null}
      {verification.state === 'success' ? (
        <StatusMessage asPageHeading title="Payment Successful!">
          <p role="status">Thank you! Your stay is booked. Taking you to your confirmation…</p>
        </StatusMessage>
      ) : null}
    </div>
  );
}
