/** Date rules of the search header (pure). Dates travel as YYYY-MM-DD calendar days. */

const pad = (n: number) => String(n).padStart(2, '0');

/** The viewer's local calendar day: "today" is where the traveller is, not UTC. */
export function toIsoDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function fromIsoDay(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : null;
}

export function nextDay(day: string): string {
  const date = fromIsoDay(day);
  if (!date) return '';
  date.setDate(date.getDate() + 1);
  return toIsoDay(date);
}

/** Choosing a check-in on or after the check-out moves the check-out to the next day. */
export function chooseCheckIn(checkIn: string, checkOut: string): { startDate: string; endDate: string } {
  return { startDate: checkIn, endDate: checkOut && checkIn && checkIn >= checkOut ? nextDay(checkIn) : checkOut };
}
