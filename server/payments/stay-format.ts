/** How emails and the hosted checkout describe a stay and an amount: fixed English, dates in UTC. */
const DAY_MS = 86_400_000;

const dateFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

export const formatStayDate = (date: Date) => dateFormat.format(date);

export function countNights(start: Date, end: Date): number {
  return Math.max(1, Math.round((end.getTime() - start.getTime()) / DAY_MS));
}

export function describeStayDates(start: Date, end: Date): string {
  const nights = countNights(start, end);
  return `Check-in ${formatStayDate(start)}, check-out ${formatStayDate(end)} (${nights} ${nights === 1 ? 'night' : 'nights'})`;
}

/** Integer cents in the database; the amount with its currency for people, e.g. "€120.00". */
export function formatAmount(amountCents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
    amountCents / 100,
  );
}
