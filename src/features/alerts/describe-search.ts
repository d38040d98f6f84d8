import type { SavedQuery } from '../../../contract/alerts.ts';
import { formatStayDate } from '../../lib/format.ts';

/** The marketplace address that shows this search again (the map area included). */
export function marketplaceUrlOf(query: SavedQuery): string {
  const params = new URLSearchParams(Object.entries(query).filter(([, value]) => value));
  const text = params.toString();
  return text ? `/marketplace?${text}` : '/marketplace';
}

/** A one-line summary of what the search looks for, e.g. "Lisbon · from Mar 3, 2026 · up to 200 · map area". */
export function describeSearch(query: SavedQuery): string {
  const parts: string[] = [];
  if (query.location) parts.push(query.location);
  if (query.hotelName) parts.push(`hotel “${query.hotelName}”`);
  const from = formatStayDate(query.startDate);
  const until = formatStayDate(query.endDate);
  if (from && until) parts.push(`${from} – ${until}`);
  else if (from) parts.push(`from ${from}`);
  else if (until) parts.push(`until ${until}`);
  if (query.minPrice && query.maxPrice) parts.push(`${query.minPrice}–${query.maxPrice} a stay`);
  else if (query.minPrice) parts.push(`from ${query.minPrice} a stay`);
  else if (query.maxPrice) parts.push(`up to ${query.maxPrice} a stay`);
  if (query.hotelApproved === 'true') parts.push('approved by the hotel');
  if (query.bounds) parts.push('map area');
  return parts.length ? parts.join(' · ') : 'Every stay';
}
