import { DATE_DISPLAY_LOCALE } from './ui-constants.ts';

/**
 * Formats an ISO time with `options`, or answers null when it is not a time. The formatter is made on first use:
 * making one costs far more than using it, and most pages need only one of these.
 */
function isoFormatter(options: Intl.DateTimeFormatOptions): (iso: string | null | undefined) => string | null {
  let format: Intl.DateTimeFormat | undefined;
  return (iso) => {
    if (!iso) return null;
    const date = new Date(iso);
    if (Number.isNaN(date.getTime())) return null;
    return (format ??= new Intl.DateTimeFormat(DATE_DISPLAY_LOCALE, options)).format(date);
  };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * Stay dates read "Mar 3, 2026" ("MMM d, yyyy", as en-US writes it) everywhere; null when the value is not a date.
 * Stay dates are calendar days at the hotel (YYYY-MM-DD, from `stayDates` or the handover), which read as UTC
 * midnights; reading them in UTC keeps a stay from shifting by a day for viewers west of Greenwich. Written by
 * hand: a page's first Intl date format loads the browser's date data, a long task while a stay's page or the
 * marketplace starts, and these fixed English dates need none of it.
 */
export function formatStayDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** "1 night", "4 nights". */
export function formatNights(nights: number): string {
  return `${nights} ${nights === 1 ? 'night' : 'nights'}`;
}

/** When something happened, in the viewer's own time zone ("Mar 1, 2026, 10:05 AM"); null when not a time. */
export const formatMoment = isoFormatter({
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** The day something happened, in the viewer's own time zone ("Mar 1, 2026"); null when not a time. */
export const formatDay = isoFormatter({ month: 'short', day: 'numeric', year: 'numeric' });
