import { allInTotalCents, nameChangeFeeFor } from '../../contract/hotel-fee.ts';
import type { Executor } from '../db/transaction.ts';
import { hotelStanding, type HotelStandingRow } from '../resale-policy/standing.ts';

/** What a buyer pays for a stay, in hundredths of the stay's currency: the price, the hotel's fee, their sum. */
export interface StayCharge {
  priceCents: number;
  hotelFeeCents: number;
  totalCents: number;
  /** The hotel the fee is paid to (null: no joined hotel, hence no fee). */
  hotelId: string | null;
  hotelName: string;
}

/**
 * The one computation of what a stay costs a buyer, from the hotel's live policy: the stay's page and Pay Now
 * show it, and the hold fixes it on the order that the checkout then charges, so the two agree to the cent.
 */
export function stayCharge(
  standing: Pick<HotelStandingRow, 'hotelId' | 'name' | 'policy'>,
  listing: { priceCents: number; currency: string },
): StayCharge {
  const hotelFeeCents =
    standing.policy && standing.hotelId
      ? nameChangeFeeFor(standing.policy.nameChangeFee, listing.priceCents, listing.currency)
      : 0;
  return {
    priceCents: listing.priceCents,
    hotelFeeCents,
    totalCents: allInTotalCents({ priceCents: listing.priceCents, hotelFeeCents }),
    hotelId: hotelFeeCents > 0 ? standing.hotelId : null,
    hotelName: standing.name,
  };
}

/** The charge of a listing as its hotel's live policy sets it now (read in the hold's transaction). */
export async function liveStayCharge(
  db: Executor,
  listing: { enterpriseId: string | null; hotelName: string | null; priceCents: number; currency: string },
): Promise<StayCharge> {
  const standing = await hotelStanding(db, { enterpriseId: listing.enterpriseId ?? '' }, listing.hotelName ?? '');
  return stayCharge(standing, listing);
}

/** The line a buyer reads on the fee, on the stay's page, Pay Now and the provider's checkout. */
export const hotelFeeLineName = (hotelName: string) => `Name-change fee, paid to ${hotelName}`;

/** What the provider must have received for an order: its price and the hotel's fee fixed at the hold. */
export const orderChargeCents = (order: { amount_cents: number; hotel_fee_cents: number }) =>
  allInTotalCents({ priceCents: order.amount_cents, hotelFeeCents: order.hotel_fee_cents });
