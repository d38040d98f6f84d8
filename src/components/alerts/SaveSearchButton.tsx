import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { SavedQuery } from '../../../contract/alerts.ts';
import { useAuth, useSignInDialog } from '../../lib/auth-context.ts';
import { useResumedIntent, useWhenKnown } from '../../lib/use-after-session.ts';
import { secondaryButton } from '../ui/button-styles.ts';

// The dialog (and its form) loads on the first press, so the marketplace's first paint does not carry it.
const SaveSearchDialog = lazy(() => import('./SaveSearchDialog.tsx'));

/**
 * "Save this search" on the marketplace: a guest is asked to sign in first, and finds the dialog open on this
 * search when they come back signed in. A press before the page knows the session waits for it.
 */
export function SaveSearchButton({ query }: { query: SavedQuery }) {
  const signIn = useSignInDialog();
  const { status } = useAuth();
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  const [open, setOpen] = useState(false);
  const press = useWhenKnown(status !== 'loading', () =>
    status === 'signedIn' ? setOpen(true) : signIn.open(here, 'save-search'),
  );
  useResumedIntent('save-search', here, status === 'signedIn', () => setOpen(true));

  return (
    <>
      <button type="button" className={secondaryButton} onClick={() => press()}>
        Save this search
      </button>
      {open ? (
        <Suspense fallback={null}>
          <SaveSearchDialog query={query} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
