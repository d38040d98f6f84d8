import { Link } from 'react-router-dom';
import type { SavedQuery } from '../../../../contract/alerts.ts';
import { SaveSearchButton } from '../../../components/alerts/SaveSearchButton.tsx';
import { AccountMenu } from '../../../components/auth/AccountMenu.tsx';
import { primaryButton, secondaryButton } from '../../../components/ui/button-styles.ts';
import { useAuth } from '../../../lib/auth-context.ts';

type Props = {
  onSearch: () => void;
  /** Only large screens get the Filters panel; phones have the price filter in the page. */
  onFilters: (() => void) | null;
  /** The search on screen, for "Save this search". */
  savedQuery: SavedQuery;
};

/** The marketplace's title bar: Search, Filters, Save this search, List Your Stay, and a guest's Sign in. */
export function MarketplaceTopBar({ onSearch, onFilters, savedQuery }: Props) {
  const { status } = useAuth();
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Marketplace</h1>
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className={secondaryButton} onClick={onSearch}>
          Search
        </button>
        {onFilters ? (
          <button type="button" className={secondaryButton} onClick={onFilters}>
            Filters
          </button>
        ) : null}
        <SaveSearchButton query={savedQuery} />
        <Link to="/list-my-reservation" className={primaryButton}>
          List Your Stay
        </Link>
        {/* A guest's Sign in on this bar leads to /marketplace; once signed in, the header has the account menu. */}
        {status === 'signedOut' ? <AccountMenu guestSignInTo="/marketplace" /> : null}
      </div>
    </div>
  );
}
