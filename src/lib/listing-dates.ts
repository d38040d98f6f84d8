import type { Listing } from '../../contract/listing.ts';

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** en-CA writes YYYY-MM-DD; a zone this browser does not know reads as UTC rather than failing the page. */
function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    const options = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;
    try {
      format = new Intl.DateTimeFormat('en-CA', { ...options, timeZone });
    } catch {
      format = new Intl.DateTimeFormat('en-CA', { ...options, timeZone: 'UTC' });
    }
    dayFormats.set(timeZone, format);
  }
  return format;
}

/** The calendar day (YYYY-MM-DD) an instant falls on in `timeZone`; null when it is not a time. */
export function hotelDay(iso: string | null, timeZone: string): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : dayFormat(timeZone).format(date);
}

/**
 * A listing's stay dates as the hotel counts them: the days (YYYY-MM-DD) its check-in and check-out instants fall
 * on in the hotel's time zone, so a Kyoto check-in at 15:00 reads as that day in Kyoto on every page and for every
 * viewer, as in the emails and on the hosted checkout. The server's own reading when the listing carries it
 * (`stay_days`), else from the nested reservation it resells, or the top-level copies a listing may carry instead;
 * null when it has neither.
 */
export function stayDates(
  listing: Pick<Listing, 'reservations' | 'start_utc' | 'end_utc' | 'time_zone' | 'stay_days'>,
): {
  start: string | null;
  end: string | null;
} {
  if (listing.stay_days) return listing.stay_days;
  const timeZone = listing.time_zone ?? 'UTC';
  return {
    start: hotelDay(listing.reservations?.start_utc ?? listing.start_utc ?? null, timeZone),
    end: hotelDay(listing.reservations?.end_utc ?? listing.end_utc ?? null, timeZone),
  };
}
