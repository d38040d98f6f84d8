import { DATE_DISPLAY_LOCALE } from './ui-constants.ts';

/** Made on first use: a date formatter costs far more to make than to use, and most pages need one of these. */
function lazily(make: () => Intl.DateTimeFormat): () => Intl.DateTimeFormat {
  let format: Intl.DateTimeFormat | undefined;
  return () => (format ??= make());
}

// Stay dates are calendar days at the hotel stored as UTC midnights; formatting in UTC keeps a stay
// from shifting by a day for viewers west of Greenwich.
const stayDateFormat = lazily(
  () =>
    new Intl.DateTimeFormat(DATE_DISPLAY_LOCALE, { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }),
);

/** Stay dates read "Mar 3, 2026" ("MMM d, yyyy") everywhere; null when the value is not a date. */
export function formatStayDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : stayDateFormat().format(date);
}

/** "1 night", "4 nights". */
export function formatNights(nights: number): string {
  return `${nights} ${nights === 1 ? 'night' : 'nights'}`;
}

const momentFormat = lazily(
  () =>
    new Intl.DateTimeFormat(DATE_DISPLAY_LOCALE, {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }),
);

/** When something happened, in the viewer's own time zone ("Mar 1, 2026, 10:05 AM"); null when not a time. */
export function formatMoment(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : momentFormat().format(date);
}

const dayFormat = lazily(
  () => new Intl.DateTimeFormat(DATE_DISPLAY_LOCALE, { month: 'short', day: 'numeric', year: 'numeric' }),
);

/** The day something happened, in the viewer's own time zone ("Mar 1, 2026"); null when not a time. */
export function formatDay(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : dayFormat().format(date);
}
