import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { FILTER_DEBOUNCE_MS } from '../../../lib/ui-constants.ts';
import { AccountMenu } from '../../../components/auth/AccountMenu.tsx';
import { useAuth } from '../../../lib/auth-context.ts';
import { primaryButton, secondaryButton } from '../../../components/ui/button-styles.ts';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useSearchListings } from '../api/list-listings.ts';
import { ceilingFrom, isValidRange, priceRangeLabel, type PriceRange } from '../price-rules.ts';
import { filtersFromUrl, filtersToParams, marketplaceUrl, type SearchFilters } from '../../../lib/search-filters.ts';
import { useDebouncedValue } from '../use-debounced-value.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { FiltersPanel } from './FiltersPanel.tsx';
import { PriceFilter } from './PriceFilter.tsx';
import { Results } from './Results.tsx';
import { SearchHeader, type TextFilters } from './SearchHeader.tsx';

// The map (Leaflet or Google Maps) is a separate chunk: only the marketplace's map view pays for it.
const MarketplaceMap = lazy(() => import('../map/MarketplaceMap.tsx'));

const LARGE_SCREEN = '(min-width: 1024px)';

export default function MarketplacePage() {
  usePageTitle('Marketplace');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { status: authStatus } = useAuth();
  const applied = useMemo(() => filtersFromUrl(params), [params]);
  const large = useMediaQuery(LARGE_SCREEN);

  const [range, setRange] = useState<PriceRange>({ min: applied.minPrice, max: applied.maxPrice });
  const settledRange = useDebouncedValue(range, FILTER_DEBOUNCE_MS);
  const priceFiltered = range.min > 0 || range.max !== null;
  const [ceiling, setCeiling] = useState<number | null>(null);
  const [expanded, setExpanded] = useState(false);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [view, setView] = useState<'list' | 'map'>('list');
  const [hoveredId, setHoveredId] = useState<string | null>(null);

  // The API query: exactly the URL's filters (already normalised), the map box and the page.
  const filterQuery = filtersToParams(applied, Number.POSITIVE_INFINITY).toString();
  // "Search this area" narrows the current filters; a new search starts again from the whole map.
  const [area, setArea] = useState<{ key: string; bounds: string } | null>(null);
  const bounds = area?.key === filterQuery ? area.bounds : null;
  // New filters or a new area start again at page 1.
  const resultsKey = `${filterQuery}|${bounds ?? ''}`;
  const [paging, setPaging] = useState({ key: resultsKey, page: 1 });
  const page = paging.key === resultsKey ? paging.page : 1;
  const apiParams = new URLSearchParams(filterQuery);
  if (bounds) apiParams.set('bounds', bounds);
  if (page > 1) apiParams.set('page', String(page));
  const search = useSearchListings(apiParams.toString());

  // The slider's ceiling is fixed once, from the first reply: moving it later would move the user's handles.
  if (ceiling === null && search.data) {
    setCeiling(Math.max(ceilingFrom(search.data.meta.priceCeiling), Math.ceil(applied.maxPrice ?? 0)));
  }
  const sliderCeiling = ceiling ?? ceilingFrom(null);

  // Price changes reach the URL (and so the search) once the user pauses for FILTER_DEBOUNCE_MS.
  useEffect(() => {
    if (ceiling === null || !isValidRange(settledRange, ceiling)) return;
    const next = marketplaceUrl({ ...applied, minPrice: settledRange.min, maxPrice: settledRange.max }, ceiling);
    if (next !== marketplaceUrl(applied, ceiling)) void navigate(next, { replace: true });
  }, [settledRange, applied, ceiling, navigate]);

  function runSearch(text: TextFilters) {
    const filters: SearchFilters = { ...text, minPrice: range.min, maxPrice: range.max };
    setExpanded(false);
    // Search replaces the history entry: Back leaves the marketplace instead of stepping through searches.
    void navigate(marketplaceUrl(filters, sliderCeiling), { replace: true });
  }

  const showMap = large || view === 'map';
  const showList = large || view === 'list';

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Marketplace</h1>
        <div className="flex items-center gap-2">
          <button type="button" className={secondaryButton} onClick={() => setExpanded(true)}>
            Search
          </button>
          {/* SPEC.md section 2: the Filters panel is for large screens; phones get the price filter in the page. */}
          {large ? (
            <button type="button" className={secondaryButton} onClick={() => setFiltersOpen(true)}>
              Filters
            </button>
          ) : null}
          <Link to="/list-my-reservation" className={primaryButton}>
            List Your Stay
          </Link>
          {/* SPEC.md section 2: a guest's Sign in on this bar leads to /marketplace; signed in, the header has the menu. */}
          {authStatus === 'signedOut' ? <AccountMenu guestSignInTo="/marketplace" /> : null}
        </div>
      </div>

      <div className="mt-4">
        <SearchHeader
          key={params.toString()}
          initial={applied}
          onSearch={runSearch}
          expanded={expanded}
          onExpandedChange={setExpanded}
        />
      </div>

      {filtersOpen && large ? (
        <FiltersPanel onClose={() => setFiltersOpen(false)}>
          <PriceFilter range={range} ceiling={sliderCeiling} onChange={setRange} />
        </FiltersPanel>
      ) : null}

      {large ? null : (
        <details className="mt-4 rounded-xl border border-slate-200 bg-white px-4 py-3">
          <summary className="cursor-pointer font-medium text-slate-900">
            Price
            {priceFiltered ? (
              <span className="ml-2 font-normal text-slate-600">{priceRangeLabel(range, sliderCeiling)}</span>
            ) : null}
          </summary>
          <div className="mt-3">
            <PriceFilter range={range} ceiling={sliderCeiling} onChange={setRange} legend="hidden" />
          </div>
        </details>
      )}

      <div className="mt-4 flex gap-2 lg:hidden" role="group" aria-label="Results view">
        <button
          type="button"
          aria-pressed={view === 'list'}
          className={view === 'list' ? primaryButton : secondaryButton}
          onClick={() => setView('list')}
        >
          List
        </button>
        <button
          type="button"
          aria-pressed={view === 'map'}
          className={view === 'map' ? primaryButton : secondaryButton}
          onClick={() => setView('map')}
        >
          Map
        </button>
      </div>

      <div className={`mt-6 grid gap-6 ${large ? 'grid-cols-[minmax(0,1fr)_minmax(0,1fr)]' : ''}`}>
        {showList ? (
          <section aria-label="Stays">
            <Results
              search={search}
              page={page}
              onPageChange={(next) => setPaging({ key: resultsKey, page: next })}
              hoveredId={hoveredId}
              onHover={setHoveredId}
              compact={large}
            />
          </section>
        ) : null}
        {showMap ? (
          <section aria-label="Map" className="h-[70vh] lg:sticky lg:top-24">
            <Suspense fallback={<Skeleton className="h-full w-full" />}>
              <MarketplaceMap
                listings={search.data?.listings ?? []}
                hoveredId={hoveredId}
                onHover={setHoveredId}
                onSearchArea={(box) => setArea({ key: filterQuery, bounds: box })}
              />
            </Suspense>
          </section>
        ) : null}
      </div>
    </div>
  );
}
