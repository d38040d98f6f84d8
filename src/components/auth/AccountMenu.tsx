import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { useAuth, useSignInDialog } from '../../lib/auth-context.ts';

type Props = {
  /**
   * Where a guest's "Sign In" goes instead of opening the dialog. The marketplace top bar passes
   * "/marketplace", so a guest signs in from the marketplace page; the main header leaves it unset.
   */
  guestSignInTo?: string;
  /** My Listings appears in the main header's menu only. */
  showMyListings?: boolean;
};

// The menu (and its popup library) loads only for a signed-in visitor, after the session it needs anyway.
const SignedInMenu = lazy(() => import('./SignedInMenu.tsx').then((module) => ({ default: module.SignedInMenu })));

const placeholder = <span aria-hidden="true" className="size-9 rounded-full bg-slate-200/60" />;

/** The signed-in avatar with its menu, or the guest's Sign In button. Shared by the header and top bars. */
export function AccountMenu({ guestSignInTo, showMyListings = true }: Props) {
  const { status, user, signOut } = useAuth();
  const dialog = useSignInDialog();

  if (status === 'loading') return placeholder;

  if (status === 'signedOut') {
    const className = 'rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white shadow-sm hover:bg-brand-700';
    return guestSignInTo ? (
      <Link to={guestSignInTo} className={className}>
        Sign in
      </Link>
    ) : (
      <button type="button" className={className} onClick={() => dialog.open()}>
        Sign In
      </button>
    );
  }

  const email = user?.email ?? '';
  const initial = (email.charAt(0) || 'U').toUpperCase();

  return (
    <Suspense fallback={placeholder}>
      <SignedInMenu email={email} initial={initial} showMyListings={showMyListings} onSignOut={() => void signOut()} />
    </Suspense>
  );
}
