import { differenceInHours } from 'date-fns';

/** Works in whole cents so 447 - 420.10 is 26.90, not 26.899999999999977. */
const toCents = (amount: number) => Math.round(amount * 100);

/**
 * The price a buyer may see struck through beside the asking price: what the seller paid at the hotel (from the
 * hotel's system), and the saving, paid minus asking. None when the paid price is unknown, or not above the asking
 * price: a former price is shown only when it is true and lower now.
 */
export function paidAtHotel(listing: {
  price: number;
  paid_price: number | null;
}): { paid: number; saving: number } | null {
  const { price, paid_price: paid } = listing;
  if (paid === null || toCents(paid) <= toCents(price)) return null;
  return { paid, saving: (toCents(paid) - toCents(price)) / 100 };
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
