import { differenceInHours } from 'date-fns';
import { DISCOUNT_SHARE, ORIGINAL_PRICE_FACTOR } from './ui-constants.ts';

/** Works in whole cents so 1234 * 1.2 - 1234 is 246.80, not 246.79999999999995. */
const toCents = (amount: number) => Math.round(amount * 100);

/** The card's struck-through "original" price: 1.2 x the asking price, to the cent. */
export function cardOriginalPrice(price: number): number {
  return toCents(price * ORIGINAL_PRICE_FACTOR) / 100;
}

/** The card's "Save $X": the original price minus the asking price, to the cent. */
export function cardSavings(price: number): number {
  return (toCents(cardOriginalPrice(price)) - toCents(price)) / 100;
}

/** The detail page's "Original price" line: 1.2 x the price, rounded to whole units. */
export function detailOriginalPrice(price: number): number {
  return Math.round(price * ORIGINAL_PRICE_FACTOR);
}

/** The detail page's "Restay discount" line: 0.2 x the price, rounded to whole units. */
export function detailDiscount(price: number): number {
  return Math.round(price * DISCOUNT_SHARE);
}

/** Nights of a stay: days between check-in and check-out, a partial day counting as a night; null if unknown. */
export function stayNights(startIso: string | null, endIso: string | null): number | null {
  if (!startIso || !endIso) return null;
  const start = new Date(startIso);
  const end = new Date(endIso);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return null;
  // Counted in elapsed hours, not calendar days, so a clock change in the viewer's time zone moves nothing.
  return Math.max(0, Math.ceil(differenceInHours(end, start, { roundingMethod: 'ceil' }) / 24));
}
