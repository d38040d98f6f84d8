import type { Kysely } from 'kysely';
import { approvalPolicyOf } from '../../contract/resale-policy.ts';
import { awaitingHotelText, rejectedByHotelText } from '../../contract/stay-approvals.ts';
import type { Database } from '../db/schema.ts';
import { hotelStanding } from '../resale-policy/standing.ts';
import { listingsWithHotel } from '../resale-policy/ask-hotel.ts';

/**
 * What My Listings says of each of the seller's listings waiting for, or rejected by, its hotel: the waiting
 * sentence with the decision time the hotel's live policy promises, or the hotel's latest rejection and why.
 */
export async function sellerApprovalTexts(db: Kysely<Database>, sellerId: string): Promise<Map<string, string>> {
  const rows = await listingsWithHotel(db)
    .select(['listings.id', 'listings.status', 'hotels.id as hotel_id', 'hotels.name'])
    .where('listings.seller_id', '=', sellerId)
    .where('listings.status', 'in', ['awaiting_hotel', 'rejected_by_hotel'])
    .execute();
  const texts = new Map<string, string>();
  for (const row of rows) {
    if (row.status === 'awaiting_hotel') {
      const { policy } = await hotelStanding(db, { hotelId: row.hotel_id }, row.name);
      texts.set(row.id, awaitingHotelText(row.name, approvalPolicyOf(policy ?? {}).deadlineHours));
      continue;
    }
    const rejection = await db
      .selectFrom('listing_approval_decisions')
      .select(['reason', 'note'])
      .where('listing_id', '=', row.id)
      .where('decision', '=', 'rejected')
      .orderBy('decided_at', 'desc')
      .executeTakeFirst();
    texts.set(row.id, rejectedByHotelText(row.name, rejection?.reason ?? 'other', rejection?.note ?? null));
  }
  return texts;
}
