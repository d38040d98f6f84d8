import { floorToPriceUnit, maxPriceCentsIn } from './currencies.ts';
import type { NameChangeFee } from './hotel-fee.ts';

/**
 * What a buyer pays for a stay, and the line naming the hotel's fee: the server charges it, the stay's page and
 * Pay Now show it. Without zod, so a stay's page reads it as it paints (the fee's schemas are in hotel-fee.ts).
 */

/**
 * The most a name-change fee may take of a stay's asking price, in percent. The hotel sets one amount for every
 * stay; on a cheap stay that amount could exceed this share, so the fee charged is capped to it (never refused:
 * the buyer pays less, the hotel is told so in the form).
 */
export const NAME_CHANGE_FEE_MAX_SHARE_PERCENT = 20;

/**
 * The fee a buyer pays for this stay: the policy's amount, capped at NAME_CHANGE_FEE_MAX_SHARE_PERCENT of the
 * asking price and at what one payment can carry beside the price, rounded down to what the currency is priced in.
 */
export function nameChangeFeeFor(fee: NameChangeFee, askingPriceCents: number, currency: string): number {
  const shareCap = Math.floor((askingPriceCents * NAME_CHANGE_FEE_MAX_SHARE_PERCENT) / 100);
  const chargeCap = Math.max(0, maxPriceCentsIn(currency) - askingPriceCents);
  return floorToPriceUnit(Math.min(fee.amountCents, shareCap, chargeCap), currency);
}

/** What a buyer pays for a stay in one checkout, in hundredths of the stay's currency. */
export interface StayChargeCents {
  priceCents: number;
  hotelFeeCents: number;
  /** The all-in total: shown first on the stay's page and Pay Now, and exactly what the checkout charges. */
  totalCents: number;
}

/**
 * The one computation of what a stay costs its buyer, from the hotel's live fee (null: no joined hotel or no
 * policy, hence no fee): the stay's page and Pay Now show it, and the hold fixes it on the order that the checkout
 * charges, so the two agree to the cent.
 */
export function stayChargeCents(
  fee: NameChangeFee | null,
  listing: { priceCents: number; currency: string },
): StayChargeCents {
  const hotelFeeCents = fee ? nameChangeFeeFor(fee, listing.priceCents, listing.currency) : 0;
  return { priceCents: listing.priceCents, hotelFeeCents, totalCents: listing.priceCents + hotelFeeCents };
}

/** The line a buyer reads on the fee, on the stay's page, Pay Now and the provider's checkout. */
export const hotelFeeLine = (hotelName: string) => `Name-change fee, paid to ${hotelName}`;
