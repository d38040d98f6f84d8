import { EMPTY_FILTERS, marketplaceUrl, type SearchFilters } from '../../lib/search-filters.ts';
import { PRICE_FILTER_DEFAULT_MAX } from '../../lib/ui-constants.ts';

/**
 * The hero search, whose rules are kept apart from the form so they read (and test) as rules. Dates are
 * YYYY-MM-DD, as a native date input gives them, or '' when not chosen.
 */
export type HeroSearch = Pick<SearchFilters, 'location' | 'hotelName' | 'startDate' | 'endDate'>;

/** Why the dates cannot be searched, or null. ISO dates compare correctly as strings. */
export function dateProblem({ startDate, endDate }: HeroSearch, today: string): string | null {
  if (startDate && startDate < today) return 'Check-in cannot be in the past.';
  if (endDate && endDate < today) return 'Check-out cannot be in the past.';
  if (startDate && endDate && endDate <= startDate) return 'Check-out must be after check-in.';
  return null;
}

/** Where Search Hotels goes: the bare marketplace with no place or hotel to search for, else the filtered one. */
export function searchPath(search: HeroSearch): string {
  if (!search.location.trim() && !search.hotelName.trim()) return '/marketplace';
  return marketplaceUrl({ ...EMPTY_FILTERS, ...search }, PRICE_FILTER_DEFAULT_MAX);
}
