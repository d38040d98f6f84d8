import type { SavedQuery } from '../../../contract/alerts.ts';
import { SEARCH_DEFAULT_CURRENCY } from '../../../contract/display-currencies.ts';
import { formatMajorUnits } from '../../../contract/money-format.ts';
import { formatStayDate } from '../../lib/format.ts';

/** The currency a saved search's price bounds are in (the API's default when it names none). */
const boundsCurrency = (query: SavedQuery) => query.currency || SEARCH_DEFAULT_CURRENCY;

/**
 * The marketplace address that shows this search again (the map area included), its price bounds in their own
 * currency (`priceCurrency`), so they find the same stays whatever currency the visitor has chosen since.
 */
export function marketplaceUrlOf(query: SavedQuery): string {
  const { currency: _bounds, ...filters } = query;
  const params = new URLSearchParams(Object.entries(filters).filter(([, value]) => value));
  if (query.minPrice || query.maxPrice) params.set('priceCurrency', boundsCurrency(query));
  const text = params.toString();
  return text ? `/marketplace?${text}` : '/marketplace';
}

/** A one-line summary of what the search looks for, e.g. "Lisbon · from Mar 3, 2026 · up to €200 a stay · map area". */
export function describeSearch(query: SavedQuery): string {
  const parts: string[] = [];
  if (query.location) parts.push(query.location);
  if (query.hotelName) parts.push(`hotel “${query.hotelName}”`);
  const from = formatStayDate(query.startDate);
  const until = formatStayDate(query.endDate);
  if (from && until) parts.push(`${from} – ${until}`);
  else if (from) parts.push(`from ${from}`);
  else if (until) parts.push(`until ${until}`);
  const money = (amount: string) => formatMajorUnits(Number(amount), boundsCurrency(query));
  if (query.minPrice && query.maxPrice) parts.push(`${money(query.minPrice)}–${money(query.maxPrice)} a stay`);
  else if (query.minPrice) parts.push(`from ${money(query.minPrice)} a stay`);
  else if (query.maxPrice) parts.push(`up to ${money(query.maxPrice)} a stay`);
  if (query.hotelApproved === 'true') parts.push('approved by the hotel');
  if (query.bounds) parts.push('map area');
  return parts.length ? parts.join(' · ') : 'Every stay';
}
