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

/**
 * A calendar day already given as one (YYYY-MM-DD: a hotel's day, a rate's reference day) written the same way,
 * "Sat, Dec 19, 2026": read at noon UTC, so no zone moves it to the day before or after.
 */
export function readableDay(day: string): string {
  return readableHotelDate(new Date(`${day}T12:00:00Z`), 'UTC');
}
