import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { useAuth, useSignInDialog } from '../../lib/auth-context.ts';

/** Guards the protected routes: a spinner while the session loads; a guest gets the dialog and goes to /. */
export function RequireAuth() {
  const { status, signingOut } = useAuth();
  const dialog = useSignInDialog();
  const { pathname, search } = useLocation();
  const guest = status === 'signedOut' && !signingOut;

  useEffect(() => {
    if (guest) dialog.open(pathname + search);
    // Only the transition to "guest here" opens the dialog, not every re-render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [guest]);

  if (status === 'loading') return <Spinner label="Checking your session…" />;
  if (signingOut) return null;
  if (guest) return <Navigate to="/" replace />;
  return <Outlet />;
}
