import { useEffect, useRef, type ReactNode } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { primaryButton } from '../../../components/ui/button-styles.ts';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { StatusMessage } from '../../../components/ui/StatusMessage.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useClaimHotel } from '../api/claim.ts';

/**
 * /hotel/claim?token=…: the link of a hotel's email, opened signed in. It is used at once: the person joins the
 * hotel and lands in its console, or (a first admin's link opened with another email) waits for an admin of the
 * same chain to approve.
 */
export default function ClaimPage() {
  usePageTitle('Join a hotel');
  const token = useSearchParams()[0].get('token') ?? '';
  const claim = useClaimHotel();
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    claim.mutate(token);
  }, [token, claim]);

  const page = (content: ReactNode) => <div className="mx-auto max-w-4xl px-4 py-8">{content}</div>;
  if (!token)
    return page(
      <StatusMessage asPageHeading tone="error" title="This link is incomplete">
        <p>Open the link from the email again, or ask for a new one.</p>
      </StatusMessage>,
    );
  if (claim.isError)
    return page(
      <StatusMessage
        asPageHeading
        tone="error"
        title="This link cannot be used"
        action={
          <Link to="/hotel" className={primaryButton}>
            Go to the hotel console
          </Link>
        }
      >
        <p>{claim.error.message}</p>
      </StatusMessage>,
    );
  if (!claim.data) return <Spinner label="Opening your invitation…" />;
  if (claim.data.outcome === 'joined') return <Navigate to={`/hotel/${claim.data.hotel.id}`} replace />;
  return page(
    <StatusMessage asPageHeading title="Waiting for approval">
      <p>
        This link was sent to another email address. An admin of another hotel of the same chain has been asked to
        approve you as the admin of {claim.data.hotel.name}; you will find it under the hotel console once they do.
      </p>
    </StatusMessage>,
  );
}
