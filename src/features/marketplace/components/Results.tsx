import type { UseQueryResult } from '@tanstack/react-query';
import { ListingCard } from '../../../components/listings/ListingCard.tsx';
import { primaryButton, secondaryButton } from '../../../components/ui/button-styles.ts';
import { StatusMessage } from '../../../components/ui/StatusMessage.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { INVALID_REPLY_MESSAGE, type SearchPage } from '../api/list-listings.ts';
import { stayCount } from '../stay-count.ts';
import { ratesSource } from '../../../components/listings/ApproximatePrice.tsx';
import { useReadExchangeRates } from '../../../lib/exchange-rates.ts';
import { ListingGridSkeleton } from './ListingGridSkeleton.tsx';
import { useCardsDrawn } from './use-cards-drawn.ts';

/** The cards a phone or a desktop shows above the fold: their photos load at once, the rest as they scroll in. */
const EAGER_CARDS = 2;

function errorMessage(error: unknown): string {
  return error instanceof ApiError && error.message === INVALID_REPLY_MESSAGE
    ? INVALID_REPLY_MESSAGE
    : 'Failed to load listings. Please try again.';
}

type Props = {
  search: UseQueryResult<SearchPage>;
  page: number;
  onPageChange: (page: number) => void;
  hoveredId: string | null;
  onHover: (id: string | null) => void;
  /** Split with the map, the grid has room for fewer columns. */
  compact: boolean;
};

export function Results({ search, page, onPageChange, hoveredId, onHover, compact }: Props) {
  const drawn = useCardsDrawn(search.data?.listings.length ?? 0);
  if (search.isPending) return <ListingGridSkeleton />;
  if (search.isError) {
    return (
      <StatusMessage
        tone="error"
        title={errorMessage(search.error)}
        action={
          <button
            type="button"
            className={primaryButton}
            onClick={() => void search.refetch()}
            disabled={search.isFetching}
          >
            Retry
          </button>
        }
      />
    );
  }
  const { listings, meta } = search.data;
  if (listings.length === 0) {
    return (
      <StatusMessage title="No stays available">Try adjusting your search filters or check back later</StatusMessage>
    );
  }
  const pages = Math.max(1, Math.ceil(meta.total / Math.max(1, meta.pageSize)));
  return (
    <div aria-busy={search.isFetching || undefined}>
      <p className="mb-4 text-sm text-slate-600">{stayCount(meta.total, meta.totalCapped)}</p>
      <ul className={`grid grid-cols-1 gap-6 sm:grid-cols-2 ${compact ? 'xl:grid-cols-2' : 'lg:grid-cols-3'}`}>
        {listings.slice(0, drawn.count).map((listing, index) => (
          <li key={listing.id} className="flex">
            <ListingCard
              listing={listing}
              eager={index < EAGER_CARDS}
              highlighted={hoveredId === listing.id}
              onHoverChange={(hovered) => onHover(hovered ? listing.id : null)}
            />
          </li>
        ))}
      </ul>
      {/* Drawn with the whole page of results, so it never appears in the middle of them. */}
      {pages > 1 && drawn.whole ? (
        <nav aria-label="Pages" className="mt-8 flex items-center justify-center gap-4">
          <button type="button" className={secondaryButton} disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
            Previous
          </button>
          <span className="text-sm text-slate-600">
            Page {page} of {pages}
          </span>
          <button
            type="button"
            className={secondaryButton}
            disabled={page >= pages}
            onClick={() => onPageChange(page + 1)}
          >
            Next
          </button>
        </nav>
      ) : null}
      <RatesNote />
    </div>
  );
}

/**
 * Once a card has converted a price: where the "about" amounts come from, and of which day. Below the results, so
 * its arrival (the rates come with the script's take-over) moves no card.
 */
function RatesNote() {
  const rates = useReadExchangeRates();
  return rates ? (
    <p className="mt-6 text-sm text-slate-600">&ldquo;About&rdquo; prices at the {ratesSource(rates.date)}.</p>
  ) : null;
}
