import { lazy, Suspense, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { filtersFromUrl, marketplaceUrl } from '../../../lib/search-filters.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { useVisitorCurrency } from '../../../lib/visitor-currency.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { stayCount } from '../stay-count.ts';
import { useMarketplaceResults } from '../use-marketplace-results.ts';
import { usePriceRange } from '../use-price-range.ts';
import { HotelApprovedFilter } from './HotelApprovedFilter.tsx';
import { MarketplaceTopBar } from './MarketplaceTopBar.tsx';
import { Results } from './Results.tsx';
import { ResultsViewToggle, type ResultsView } from './ResultsViewToggle.tsx';
import { SearchHeader, type TextFilters } from './SearchHeader.tsx';

// The map (Leaflet or Google Maps) is a separate chunk: only the map view (here, and a stay's map) pays for it.
const StaysMap = lazy(() => import('../../../components/map/StaysMap.tsx'));
// The price slider and the filters dialog (Radix, with its scroll lock) are shown only once opened: loaded then,
// so the page the server drew does not run their code before it takes the markup over.
const PriceFilter = lazy(() => import('./PriceFilter.tsx').then((module) => ({ default: module.PriceFilter })));
const FiltersPanel = lazy(() => import('./FiltersPanel.tsx').then((module) => ({ default: module.FiltersPanel })));

const LARGE_SCREEN = '(min-width: 1024px)';

/** The marketplace: the URL holds the applied filters, so a shared or reloaded link shows the same search. */
export default function MarketplacePage() {
  usePageTitle('Marketplace');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const applied = useMemo(() => filtersFromUrl(params), [params]);
  const large = useMediaQuery(LARGE_SCREEN);
  const visitorCurrency = useVisitorCurrency();
  // The currency the price filter is in: the link's own when it names one, else the visitor's.
  const priceCurrency = applied.priceCurrency ?? visitorCurrency;
  const { search, savedQuery, page, setPage, searchArea } = useMarketplaceResults(
    applied,
    priceCurrency,
    params.get('bounds'),
  );
  const { range, setRange, sliderCeiling, priceFiltered, converted } = usePriceRange(
    applied,
    priceCurrency,
    search.isPlaceholderData ? undefined : search.data?.meta.priceCeiling,
  );
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [view, setView] = useState<ResultsView>('list');
  const [hoveredId, setHoveredId] = useState<string | null>(null);
  // The filters the Filters panel holds (the search bar shows its own).
  const filtersOn = [priceFiltered, applied.hotelApproved].filter(Boolean).length;
  // "Show N stays" counts only what the filters on screen found: not while a change waits for its search.
  const settled = range.min === applied.minPrice && range.max === applied.maxPrice;
  const counted = settled && !search.isFetching && !search.isPlaceholderData ? search.data?.meta : undefined;

  function runSearch(text: TextFilters) {
    // Search replaces the history entry: Back leaves the marketplace instead of stepping through searches.
    const filters = { ...applied, ...text, minPrice: range.min, maxPrice: range.max, priceCurrency };
    void navigate(marketplaceUrl(filters, sliderCeiling), { replace: true });
  }

  function filterHotelApproved(hotelApproved: boolean) {
    void navigate(marketplaceUrl({ ...applied, hotelApproved }, sliderCeiling), { replace: true });
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-4 sm:px-6 sm:py-6 lg:px-8">
      <MarketplaceTopBar onFilters={() => setFiltersOpen(true)} filtersOn={filtersOn} savedQuery={savedQuery} />

      {converted ? (
        <p role="status" className="mt-2 text-sm text-slate-600">
          {converted}
        </p>
      ) : null}

      <div className="mt-3 sm:mt-4">
        <SearchHeader key={params.toString()} initial={applied} onSearch={runSearch} />
      </div>

      {filtersOpen ? (
        <Suspense fallback={null}>
          <FiltersPanel
            onClose={() => setFiltersOpen(false)}
            showLabel={counted ? `Show ${stayCount(counted.total, counted.totalCapped)}` : 'Show stays'}
          >
            <PriceFilter range={range} ceiling={sliderCeiling} currency={priceCurrency} onChange={setRange} />
            <HotelApprovedFilter checked={applied.hotelApproved} onChange={filterHotelApproved} />
          </FiltersPanel>
        </Suspense>
      ) : null}

      <ResultsViewToggle view={view} onChange={setView} />

      <div className={`mt-6 grid gap-6 ${large ? 'grid-cols-[minmax(0,1fr)_minmax(0,1fr)]' : ''}`}>
        {large || view === 'list' ? (
          <section aria-label="Stays">
            <Results
              search={search}
              page={page}
              onPageChange={setPage}
              hoveredId={hoveredId}
              onHover={setHoveredId}
              compact={large}
            />
          </section>
        ) : null}
        {large || view === 'map' ? (
          <section aria-label="Map" className="h-[70vh] lg:sticky lg:top-24">
            <Suspense fallback={<Skeleton className="h-full w-full" />}>
              <StaysMap
                listings={search.data?.listings ?? []}
                hoveredId={hoveredId}
                onHover={setHoveredId}
                onSearchArea={searchArea}
              />
            </Suspense>
          </section>
        ) : null}
      </div>
    </div>
  );
}
