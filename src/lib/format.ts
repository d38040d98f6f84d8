import { DATE_DISPLAY_LOCALE } from './ui-constants.ts';

// Stay dates are calendar days at the hotel stored as UTC midnights; formatting in UTC keeps a stay
// from shifting by a day for viewers west of Greenwich.
const stayDateFormat = new Intl.DateTimeFormat(DATE_DISPLAY_LOCALE, {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** Stay dates read "Mar 3, 2026" ("MMM d, yyyy") everywhere; null when the value is not a date. */
export function formatStayDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : stayDateFormat.format(date);
}

/**
 * "$1,234" for whole amounts, "$1,234.50" otherwise, or always two decimals with `cents: 'always'` ("$1,480.80",
 * as the card's original price and savings show); unknown currency codes fall back to USD.
 */
export function formatPrice(amount: number, currency = 'USD', { cents = 'when-needed' }: { cents?: 'always' | 'when-needed' } = {}): string {
  const fractionDigits = cents === 'always' || !Number.isInteger(amount) ? 2 : 0;
  const options = { style: 'currency', minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits } as const;
  try {
    return new Intl.NumberFormat('en-US', { ...options, currency }).format(amount);
  } catch {
    return new Intl.NumberFormat('en-US', { ...options, currency: 'USD' }).format(amount);
  }
}

/** "1 night", "4 nights". */
export function formatNights(nights: number): string {
  return `${nights} ${nights === 1 ? 'night' : 'nights'}`;
}
