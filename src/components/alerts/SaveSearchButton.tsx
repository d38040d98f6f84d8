import { lazy, Suspense, useState } from 'react';
import type { SavedQuery } from '../../../contract/alerts.ts';
import { useAuth, useSignInDialog } from '../../lib/auth-context.ts';
import { secondaryButton } from '../ui/button-styles.ts';

// The dialog (and its form) loads on the first press, so the marketplace's first paint does not carry it.
const SaveSearchDialog = lazy(() => import('./SaveSearchDialog.tsx'));

/** "Save this search" on the marketplace: a guest is asked to sign in first. */
export function SaveSearchButton({ query }: { query: SavedQuery }) {
  const { status } = useAuth();
  const signIn = useSignInDialog();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={secondaryButton}
        onClick={() =>
          status === 'signedIn' ? setOpen(true) : signIn.open(`${window.location.pathname}${window.location.search}`)
        }
      >
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
