import { formatsByTimeZone, isoDayIn } from '../time-zones.ts';

const readableDayFormat = formatsByTimeZone('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

/**
 * A stay's dates as the hotel and its guest read them: calendar days in the hotel's time zone (UTC when the
 * hotel's system gives none). One place for it, so the handover, emails and pages never disagree by a day.
 */
export function hotelDate(instant: Date, timeZone: string): string {
  return isoDayIn(instant, timeZone);
}

/** "Fri, Jun 5, 2026" in the hotel's time zone. */
export function readableHotelDate(instant: Date, timeZone: string): string {
  return readableDayFormat(timeZone).format(instant);
}
