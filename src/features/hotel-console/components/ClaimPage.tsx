import { useEffect, useRef, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { primaryButton } from '../../../components/ui/button-styles.ts';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { StatusMessage } from '../../../components/ui/StatusMessage.tsx';
import { useAuth, useSignInDialog } from '../../../lib/auth-context.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useClaimHotel, useClaimPreview } from '../api/claim.ts';

const page = (content: ReactNode) => <div className="mx-auto max-w-4xl px-4 py-8">{content}</div>;

/**
 * /hotel/claim?token=…: the link of a hotel's email. Signed out, it says which hotel and role it offers, and to
 * which address, before asking the person to sign in. Signed in, it is used at once: the person joins the hotel
 * and lands in its console, or (a first admin's link opened with another email) waits for an admin of the same
 * chain to approve.
 */
export default function ClaimPage() {
  usePageTitle('Join a hotel');
  const token = useSearchParams()[0].get('token') ?? '';
  const { status } = useAuth();
  if (!token)
    return page(
      <StatusMessage asPageHeading tone="error" title="This link is incomplete">
        <p>Open the link from the email again, or ask for a new one.</p>
      </StatusMessage>,
    );
  if (status === 'loading') return <Spinner label="Checking your session…" />;
  return status === 'signedOut' ? <ClaimPreviewPage token={token} /> : <ClaimLink token={token} />;
}

const roleWords = { admin: 'administer', staff: 'work on' } as const;

/** The link opened signed out: what it is for, and Sign in, which comes back here to use it. */
function ClaimPreviewPage({ token }: { token: string }) {
  const preview = useClaimPreview(token, true);
  const dialog = useSignInDialog();
  const { pathname, search } = useLocation();
  if (preview.isError)
    return page(
      <StatusMessage asPageHeading tone="error" title="This link cannot be used">
        <p>{preview.error.message}</p>
      </StatusMessage>,
    );
  if (!preview.data) return <Spinner label="Opening your invitation…" />;
  const { hotel, role, email } = preview.data;
  return page(
    <StatusMessage
      asPageHeading
      title={`Join ${hotel.name} on Restay`}
      action={
        <button type="button" className={primaryButton} onClick={() => dialog.open(pathname + search)}>
          Sign in to continue
        </button>
      }
    >
      <p>
        This invitation lets you {roleWords[role]} {hotel.name} in Restay’s hotel console
        {role === 'admin' ? ': its resale policy and who works on it with you' : ''}. It was sent to {email}: sign in
        with that address to accept it.
      </p>
    </StatusMessage>,
  );
}

/** The link opened signed in: used at once. */
function ClaimLink({ token }: { token: string }) {
  const claim = useClaimHotel();
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    claim.mutate(token);
  }, [token, claim]);

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
