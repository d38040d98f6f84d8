import type { Listing } from '../../contract/listing.ts';

/**
 * A listing's stay dates: from the nested reservation it resells, or from the top-level copies a listing may
 * carry instead; null when it has neither.
 */
export function stayDates(listing: Pick<Listing, 'reservations' | 'start_utc' | 'end_utc'>): {
  start: string | null;
  end: string | null;
} {
  return {
    start: listing.reservations?.start_utc ?? listing.start_utc ?? null,
    end: listing.reservations?.end_utc ?? listing.end_utc ?? null,
  };
}
