import { nextDay } from '../../lib/calendar-day.ts';

/** Choosing a check-in on or after the check-out moves the check-out to the next day (YYYY-MM-DD days). */
export function chooseCheckIn(checkIn: string, checkOut: string): { startDate: string; endDate: string } {
  return { startDate: checkIn, endDate: checkOut && checkIn && checkIn >= checkOut ? nextDay(checkIn) : checkOut };
}
