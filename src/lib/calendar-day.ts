import { addDays, formatISO, isValid, parseISO } from 'date-fns';

/**
 * Calendar days as the SPA handles them: YYYY-MM-DD text (URLs, forms, the API), read and written in the
 * visitor's own calendar, because "today" is where the traveller is, not UTC.
 */
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A real calendar day as YYYY-MM-DD ("2026-02-30" is not one). Checked without zod, which the landing page's
 * first paint does without: the shape, then the same day back from the calendar.
 */
export function isIsoDay(value: string): boolean {
  if (!ISO_DAY.test(value)) return false;
  const date = parseISO(value);
  return isValid(date) && formatISO(date, { representation: 'date' }) === value;
}

/** The visitor's local calendar day of `date` (today by default) as YYYY-MM-DD. */
export function localIsoDate(date: Date = new Date()): string {
  return formatISO(date, { representation: 'date' });
}

/** Local midnight of a YYYY-MM-DD day, or null when the text is not a real day. */
export function fromIsoDay(day: string): Date | null {
  return isIsoDay(day) ? parseISO(day) : null;
}

/** The day after a YYYY-MM-DD day, or '' when the text is not a real day. */
export function nextDay(day: string): string {
  const date = fromIsoDay(day);
  return date ? localIsoDate(addDays(date, 1)) : '';
}
