import { stayChargeCents, type StayChargeCents } from '../../contract/stay-charge.ts';
import type { HotelStandingRow } from '../resale-policy/standing.ts';

/** What a buyer pays for a stay, and to which hotel its fee goes (null: no joined hotel, hence no fee). */
export interface StayCharge extends StayChargeCents {
  hotelId: string | null;
  hotelName: string;
}

/**
 * The charge of a listing as its hotel's live policy sets it (the standing read in the hold's transaction),
 * computed by the same function as the stay's page shows (stayChargeCents).
 */
export function stayChargeOf(
  standing: HotelStandingRow,
  listing: { priceCents: number; currency: string },
): StayCharge {
  const fee = standing.hotelId && standing.policy ? standing.policy.nameChangeFee : null;
  const charge = stayChargeCents(fee, listing);
  return { ...charge, hotelId: charge.hotelFeeCents > 0 ? standing.hotelId : null, hotelName: standing.name };
}

/** What the provider must have received for an order: its price and the hotel's fee fixed at the hold. */
export const orderChargeCents = (order: { amount_cents: number; hotel_fee_cents: number }) =>
  order.amount_cents + order.hotel_fee_cents;
