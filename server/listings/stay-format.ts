import { readableHotelDate } from './stay-dates.ts';

/**
 * How emails and the hosted checkout describe a stay: fixed English, dates as calendar days in the hotel's time
 * zone (a stay's instants are the hotel's check-in and check-out times; read in UTC they can fall a day off).
 * Money is formatted by contract/money-format.ts.
 */
const DAY_MS = 86_400_000;

export const formatStayDate = (date: Date, timeZone: string) => readableHotelDate(date, timeZone);

export function countNights(start: Date, end: Date): number {
  return Math.max(1, Math.round((end.getTime() - start.getTime()) / DAY_MS));
}

/** "Check-in Fri, Jun 5, 2026, check-out ... (3 nights)", the days as the hotel counts them. */
export function describeStayDates(start: Date, end: Date, timeZone: string): string {
  const nights = countNights(start, end);
  return `Check-in ${formatStayDate(start, timeZone)}, check-out ${formatStayDate(end, timeZone)} (${nights} ${nights === 1 ? 'night' : 'nights'})`;
}
