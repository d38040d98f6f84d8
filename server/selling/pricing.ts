import { formatMajorUnits } from '../../contract/money-format.ts';
import { toMajor } from '../../contract/money.ts';
import { AppError } from '../http/errors.ts';
import { chargeRefusal, floorToPriceUnit } from '../../contract/currencies.ts';
import { hotelPriceCapCents, hotelPriceCapMessage, type HotelStanding } from '../resale-policy/verdict.ts';

/**
 * The highest asking price allowed, in cents: the price paid at the hotel plus the allowed markup, rounded
 * down to an amount the currency is priced in (the cent, or the whole yen); null when the hotel's system does not
 * say what was paid (then there is no ceiling).
 */
export function maxPriceCents(
  amountPaidCents: number | null,
  maxMarkupPercent: number,
  currency: string,
): number | null {
  if (amountPaidCents === null) return null;
  // The small epsilon keeps binary fractions (e.g. 45000 * 1.1 = 49500.000000000007) from losing a cent.
  return floorToPriceUnit(Math.floor((amountPaidCents * (100 + maxMarkupPercent)) / 100 + 1e-9), currency);
}

/** The lower of two ceilings (Restay's and the hotel's), either of which may be absent. */
export function lowerCeiling(ours: number | null, hotels: number | null): number | null {
  if (ours === null) return hotels;
  return hotels === null ? ours : Math.min(ours, hotels);
}

const money = (cents: number, currency: string) => formatMajorUnits(toMajor(cents), currency);

/** Honest price: 400 naming the ceiling when the asking price is above what the seller paid (plus markup). */
export function assertHonestPrice(
  priceCents: number,
  pricing: { amountPaidCents: number | null; currency: string; maxMarkupPercent: number },
): void {
  const ceiling = maxPriceCents(pricing.amountPaidCents, pricing.maxMarkupPercent, pricing.currency);
  if (ceiling === null || priceCents <= ceiling) return;
  const message = honestPriceMessage(ceiling, pricing.currency, pricing.maxMarkupPercent);
  throw new AppError('VALIDATION_ERROR', message, [{ field: 'listingPrice', message }]);
}

/** Restay's sentence for an asking price above its ceiling (the price paid plus the allowed markup). */
export function honestPriceMessage(ceilingCents: number, currency: string, maxMarkupPercent: number): string {
  return maxMarkupPercent > 0
    ? `The asking price can be at most ${money(ceilingCents, currency)}, the price paid at the hotel plus ${maxMarkupPercent}%.`
    : `The asking price can be at most ${money(ceilingCents, currency)}, the price paid at the hotel.`;
}

/** 400 on `listingPrice` when the payment provider could not charge this price in this currency. */
export function assertChargeablePrice(priceCents: number, currency: string): void {
  const message = chargeRefusal(priceCents, currency);
  if (message) throw new AppError('VALIDATION_ERROR', message, [{ field: 'listingPrice', message }]);
}

/**
 * The lower of Restay's ceiling and the hotel's, and the sentence an asking price above it is refused with:
 * Restay's rule is checked first, so it speaks whenever its ceiling is the binding one.
 */
export function priceCap(
  paid: { amountPaidCents: number | null; currency: string },
  maxMarkupPercent: number,
  standing: HotelStanding,
): { ceiling: number | null; message: string | null } {
  const { amountPaidCents, currency } = paid;
  const ours = maxPriceCents(amountPaidCents, maxMarkupPercent, currency);
  const hotels = hotelPriceCapCents(standing.policy, amountPaidCents, currency);
  const ceiling = lowerCeiling(ours, hotels);
  if (ceiling === null) return { ceiling, message: null };
  const message =
    ours === ceiling || !standing.policy
      ? honestPriceMessage(ceiling, currency, maxMarkupPercent)
      : hotelPriceCapMessage(standing.name, standing.policy, ceiling, currency);
  return { ceiling, message };
}
