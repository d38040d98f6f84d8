import type { Listing } from '../../contract/listing.ts';

/** A listing's stay dates, from the reservation it resells; null when the listing carries none. */
export function stayDates(listing: Pick<Listing, 'reservations'>): { start: string | null; end: string | null } {
  return { start: listing.reservations?.start_utc ?? null, end: listing.reservations?.end_utc ?? null };
}
