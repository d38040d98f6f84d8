import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { SavedQuery } from '../../../../contract/alerts.ts';
import { SaveSearchButton } from '../../../components/alerts/SaveSearchButton.tsx';
import { primaryButton, secondaryButton } from '../../../components/ui/button-styles.ts';

// A fixed id, as the header's menu has: useId differs between the server's tree and the one that takes it over.
const ACTIONS_ID = 'marketplace-actions';

type Props = {
  onFilters: () => void;
  /** How many filters the Filters panel has on, shown on its button. */
  filtersOn: number;
  /** The search on screen, for "Save this search". */
  savedQuery: SavedQuery;
};

/**
 * The marketplace's title bar: Filters, and the page's actions (Save this search, List Your Stay). A phone has no
 * room for a row of buttons above the first stay, so there the actions fold into a menu; from `md` up they sit in
 * the row. One set of controls serves both (only the CSS differs), so the drawn page and the script agree on it.
 * Sign in is the header's; searching is the search bar's.
 */
export function MarketplaceTopBar({ onFilters, filtersOn, savedQuery }: Props) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !menuButton.current?.contains(target)) setMenuOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [menuOpen]);

  return (
    // Wraps rather than overflow on the narrowest phones (320 px): the page must never scroll sideways.
    <div className="relative flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Marketplace</h1>
      <div className="flex items-center gap-2">
        <button
          type="button"
          className={`${secondaryButton} gap-2 px-4`}
          // The count is read out with the name it belongs to ("Filters, 1 on"), which starts with what is shown.
          aria-label={filtersOn > 0 ? `Filters, ${filtersOn} on` : undefined}
          onClick={onFilters}
        >
          Filters
          {filtersOn > 0 ? (
            <span
              aria-hidden="true"
              className="inline-flex min-w-5 items-center justify-center rounded-full bg-brand-600 px-1.5 text-xs font-semibold text-white"
            >
              {filtersOn}
            </span>
          ) : null}
        </button>
        <button
          ref={menuButton}
          type="button"
          className={`${secondaryButton} px-3 md:hidden`}
          aria-label="More actions"
          aria-expanded={menuOpen}
          aria-controls={ACTIONS_ID}
          onClick={() => setMenuOpen(!menuOpen)}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="currentColor">
            <circle cx="5" cy="12" r="2" />
            <circle cx="12" cy="12" r="2" />
            <circle cx="19" cy="12" r="2" />
          </svg>
        </button>
        {/* Kept mounted while folded: "Save this search" owns its dialog, which must outlive the menu. */}
        <div
          ref={menu}
          id={ACTIONS_ID}
          data-open={String(menuOpen)}
          className={`${menuOpen ? 'flex' : 'hidden'} absolute top-full right-0 z-30 mt-2 w-56 flex-col gap-2 rounded-xl bg-white p-3 shadow-lg ring-1 ring-slate-200 md:static md:mt-0 md:flex md:w-auto md:flex-row md:bg-transparent md:p-0 md:shadow-none md:ring-0`}
          onClick={(event) => {
            // A chosen action closes the folded menu (its dialog, if any, opens on its own).
            if ((event.target as HTMLElement).closest('a, button')) setMenuOpen(false);
          }}
        >
          <SaveSearchButton query={savedQuery} />
          <Link to="/list-my-reservation" className={primaryButton}>
            List Your Stay
          </Link>
        </div>
      </div>
    </div>
  );
}
