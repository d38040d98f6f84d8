import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { HEADER_SOLID_AFTER_PX } from '../../lib/ui-constants.ts';
import { AccountMenu } from '../../components/auth/AccountMenu.tsx';
import { CurrencySelect } from '../../components/ui/CurrencySelect.tsx';
import { useAuth, useSignInDialog } from '../../lib/auth-context.ts';
import { NAV_LINKS, hrefOf, isActiveLink } from './nav-links.ts';
import { useScrolledPast } from './use-scrolled-past.ts';

const NAV_ID = 'site-nav';

export function Header() {
  const { pathname, hash, key } = useLocation();
  const isLanding = pathname === '/';
  const scrolledPast = useScrolledPast(HEADER_SOLID_AFTER_PX, isLanding);
  // The menu belongs to the location it was opened on, so any navigation closes it without an effect.
  const [menuOpenedAt, setMenuOpenedAt] = useState<string | null>(null);
  const menuOpen = menuOpenedAt === key;
  const menuButton = useRef<HTMLButtonElement>(null);
  const { status } = useAuth();
  const signInDialog = useSignInDialog();

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpenedAt(null);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  // Transparent only over the landing hero; an open phone menu needs a solid backdrop to stay readable.
  const solid = !isLanding || scrolledPast || menuOpen;
  const links = NAV_LINKS.filter((link) => !link.hiddenOn?.includes(pathname));

  return (
    <header
      data-solid={String(solid)}
      className={`fixed inset-x-0 top-0 z-40 transition-colors duration-300 ${
        solid ? 'bg-white/95 text-slate-900 shadow-sm backdrop-blur' : 'bg-transparent text-white'
      }`}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link to="/" className="flex items-center gap-2 rounded-md text-xl font-bold tracking-tight">
          <span
            aria-hidden="true"
            className="flex size-8 items-center justify-center rounded-lg bg-brand-600 text-base text-white"
          >
            R
          </span>
          Restay
        </Link>

        {/* mr-auto: beside the logo even while the account slot after it is not there yet (a page still parsing). */}
        <button
          ref={menuButton}
          type="button"
          className="mr-auto inline-flex size-10 items-center justify-center rounded-md md:hidden"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={menuOpen}
          aria-controls={NAV_ID}
          onClick={() => setMenuOpenedAt(menuOpen ? null : key)}
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          >
            {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>

        <nav
          id={NAV_ID}
          aria-label="Main"
          data-open={String(menuOpen)}
          className={`${menuOpen ? 'block' : 'hidden'} absolute inset-x-0 top-full border-t border-slate-200 bg-white text-slate-900 shadow-md md:static md:block md:border-0 md:bg-transparent md:text-inherit md:shadow-none`}
        >
          <ul className="flex flex-col gap-1 p-4 md:flex-row md:items-center md:gap-1 md:p-0">
            {links.map((link) => {
              const active = isActiveLink(link, pathname, hash);
              return (
                <li key={link.label}>
                  <Link
                    to={hrefOf(link)}
                    onClick={(event) => {
                      // A guest cannot list a stay: ask them to sign in first, and come back here afterwards.
                      if (link.pathname !== '/list-my-reservation' || status === 'signedIn') return;
                      event.preventDefault();
                      signInDialog.open(link.pathname);
                    }}
                    aria-current={active ? 'page' : undefined}
                    className={`block rounded-md px-3 py-2 text-base font-medium md:text-sm ${
                      solid ? 'hover:bg-slate-100' : 'hover:bg-white/10'
                    } ${active ? `underline decoration-2 underline-offset-8 ${solid ? 'text-brand-700' : 'text-white'}` : ''}`}
                  >
                    {link.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-2 md:ml-0">
          <CurrencySelect solid={solid} />
          <AccountMenu />
        </div>
      </div>
    </header>
  );
}
