import { formatMajorUnits } from '../../../contract/money-format.ts';
import { parsePriceText } from '../../../contract/price-text.ts';
import { PRICE_FILTER_DEFAULT_MAX } from '../../lib/ui-constants.ts';

/** The price range the filter edits; max null means "up to the ceiling". */
export interface PriceRange {
  min: number;
  max: number | null;
}

/** The slider's ceiling: the highest active price rounded up, or 1000 when there is none. */
export function ceilingFrom(priceCeiling: number | null | undefined): number {
  return priceCeiling && priceCeiling > 0 ? Math.ceil(priceCeiling) : PRICE_FILTER_DEFAULT_MAX;
}

/** The range in words, in the visitor's currency: "$100 – $500", or "€100 – €860+" with no maximum. */
export function priceRangeLabel(range: PriceRange, ceiling: number, currency: string): string {
  const money = (amount: number) => formatMajorUnits(amount, currency);
  return `${money(range.min)} – ${money(upper(range, ceiling))}${range.max === null ? '+' : ''}`;
}

/** Bounds in words, whatever the slider's ceiling: "€0 – €230", or "from €100" with no maximum. */
export function boundsLabel(range: PriceRange, currency: string): string {
  const money = (amount: number) => formatMajorUnits(amount, currency);
  return range.max === null ? `from ${money(range.min)}` : `${money(range.min)} – ${money(range.max)}`;
}

/**
 * The range in another currency, rounded outward (the minimum down, the maximum up) so that no stay it let in is
 * lost to rounding; null when `toOther` has no rate.
 */
export function convertedRange(range: PriceRange, toOther: (amount: number) => number | null): PriceRange | null {
  const min = toOther(range.min);
  const max = range.max === null ? null : toOther(range.max);
  if (min === null || (range.max !== null && max === null)) return null;
  return { min: Math.floor(min), max: max === null ? null : Math.ceil(max) };
}

const clamp = (value: number, ceiling: number) => Math.min(Math.max(value, 0), ceiling);
const upper = (range: PriceRange, ceiling: number) => range.max ?? ceiling;
/** The maximum at the ceiling is "no maximum", so a later, higher ceiling does not cut results off. */
const maxOrNull = (value: number, ceiling: number) => (value >= ceiling ? null : value);

export function typeMin(range: PriceRange, text: string, ceiling: number): PriceRange {
  const value = parsePriceText(text);
  return value === null ? range : { ...range, min: clamp(value, ceiling) };
}

export function typeMax(range: PriceRange, text: string, ceiling: number): PriceRange {
  const value = parsePriceText(text);
  return value === null ? range : { ...range, max: maxOrNull(clamp(value, ceiling), ceiling) };
}

/** Leaving the minimum field: a minimum above the maximum pulls the maximum up to it. */
export function settleMin(range: PriceRange, ceiling: number): PriceRange {
  return range.min > upper(range, ceiling) ? { ...range, max: maxOrNull(range.min, ceiling) } : range;
}

/** Leaving the maximum field: a maximum below the minimum pulls the minimum down to it. */
export function settleMax(range: PriceRange, ceiling: number): PriceRange {
  const max = upper(range, ceiling);
  return range.min > max ? { ...range, min: max } : range;
}

/**
 * The slider's two values as a range. The slider keeps them in order (a thumb pushed past the other one takes
 * its place), so the minimum never passes the maximum; out-of-order values are put in order all the same.
 */
export function slideTo(values: readonly number[], ceiling: number): PriceRange {
  const [first = 0, second = ceiling] = values;
  return {
    min: clamp(Math.min(first, second), ceiling),
    max: maxOrNull(clamp(Math.max(first, second), ceiling), ceiling),
  };
}

export function isValidRange(range: PriceRange, ceiling: number): boolean {
  return range.min <= upper(range, ceiling);
}
