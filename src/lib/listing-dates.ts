import type { Listing } from '../../contract/listing.ts';

/** A listing's stay dates live on the nested reservation, or at top level in older replies (SPEC.md section 3). */
export function stayDates(listing: Pick<Listing, 'reservations' | 'start_utc' | 'end_utc'>): {
  start: string | null;
  end: string | null;
} {
  return {
    start: listing.reservations?.start_utc ?? listing.start_utc ?? null,
    end: listing.reservations?.end_utc ?? listing.end_utc ?? null,
  };
}
