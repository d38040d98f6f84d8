import { stayChargeCents, type StayChargeCents } from '../../contract/hotel-fee.ts';
import type { Executor } from '../db/transaction.ts';
import { hotelStanding } from '../resale-policy/standing.ts';

/** What a buyer pays for a stay, and to which hotel its fee goes (null: no joined hotel, hence no fee). */
export interface StayCharge extends StayChargeCents {
  hotelId: string | null;
  hotelName: string;
}

/**
 * The charge of a listing as its hotel's live policy sets it now (read in the hold's transaction), computed by
 * the same function as the stay's page shows (stayChargeCents).
 */
export async function liveStayCharge(
  db: Executor,
  listing: { enterpriseId: string | null; hotelName: string | null; priceCents: number; currency: string },
): Promise<StayCharge> {
  const standing = await hotelStanding(db, { enterpriseId: listing.enterpriseId ?? '' }, listing.hotelName ?? '');
  const fee = standing.hotelId && standing.policy ? standing.policy.nameChangeFee : null;
  const charge = stayChargeCents(fee, listing);
  return { ...charge, hotelId: charge.hotelFeeCents > 0 ? standing.hotelId : null, hotelName: standing.name };
}

/** What the provider must have received for an order: its price and the hotel's fee fixed at the hold. */
export const orderChargeCents = (order: { amount_cents: number; hotel_fee_cents: number }) =>
  order.amount_cents + order.hotel_fee_cents;
