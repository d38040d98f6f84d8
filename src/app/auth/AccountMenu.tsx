import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAuth, useSignInDialog } from './auth-context.ts';

type Props = {
  /**
   * Where a guest's "Sign In" goes instead of opening the dialog. The marketplace top bar passes
   * "/marketplace" (SPEC.md section 2); the main header leaves it unset.
   */
  guestSignInTo?: string;
  /** My Listings appears in the main header's menu only. */
  showMyListings?: boolean;
};

const itemClass = 'block w-full rounded-md px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 focus:bg-slate-100';

/** The signed-in avatar with its menu, or the guest's Sign In button. Shared by the header and top bars. */
export function AccountMenu({ guestSignInTo, showMyListings = true }: Props) {
  const { status, user, signOut } = useAuth();
  const dialog = useSignInDialog();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointerDown = (event: MouseEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('mousedown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('mousedown', onPointerDown);
    };
  }, [open]);

  if (status === 'loading') return <span aria-hidden="true" className="size-9 rounded-full bg-slate-200/60" />;

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
  const close = () => setOpen(false);

  return (
    <div ref={wrapper} className="relative">
      <button
        ref={button}
        type="button"
        aria-label="Account menu"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex size-9 items-center justify-center rounded-full bg-brand-600 font-semibold text-white shadow-sm hover:bg-brand-700"
      >
        <span aria-hidden="true">{initial}</span>
      </button>
      {open && (
        <div id={menuId} role="menu" aria-label="Account" className="absolute right-0 mt-2 w-60 rounded-xl border border-slate-200 bg-white p-2 text-slate-900 shadow-lg">
          <p className="truncate px-3 py-2 text-sm font-medium text-slate-500">{email}</p>
          <Link role="menuitem" to="/my-stays" className={itemClass} onClick={close}>
            My Stays
          </Link>
          {showMyListings && (
            <Link role="menuitem" to="/my-listings" className={itemClass} onClick={close}>
              My Listings
            </Link>
          )}
          <Link role="menuitem" to="/profile" className={itemClass} onClick={close}>
            View Profile
          </Link>
          <button
            role="menuitem"
            type="button"
            className={itemClass}
            onClick={() => {
              close();
              void signOut();
            }}
          >
            Sign Out
          </button>
        </div>
      )}
    </div>
  );
}
