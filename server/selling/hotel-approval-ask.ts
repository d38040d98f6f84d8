import { approvalPolicyOf } from '../../contract/resale-policy.ts';
import { approvalDeadline, needsApproval, type ApprovalFacts } from '../resale-policy/ask-hotel.ts';
import type { Executor } from '../db/transaction.ts';
import { hotelStanding, type HotelStandingRow } from '../resale-policy/standing.ts';

/**
 * Whether the hotel approves this listing first, and if so which hotel, by when, and the decision time its
 * policy promises the seller; null when the listing goes on sale at once.
 */
export function hotelApprovalAsk(standing: HotelStandingRow, facts: ApprovalFacts, now: Date) {
  if (!standing.policy || !standing.hotelId) return null;
  const approval = approvalPolicyOf(standing.policy);
  if (!needsApproval(approval, facts, now)) return null;
  return {
    hotelId: standing.hotelId,
    deadline: approvalDeadline(standing.policy, facts.startUtc, now),
    hours: approval.deadlineHours,
  };
}

/**
 * A price raised above the one the hotel approved asks the hotel again, if its live policy still approves such a
 * stay first; a cut, or a listing the hotel never had to approve, does not.
 */
export async function hotelApprovalAskOnRaise(
  db: Executor,
  listing: {
    approved_price_cents: number | null;
    enterprise_id: string | null;
    hotel_name: string;
    start_utc: Date;
  },
  newPriceCents: number | undefined,
  now: Date,
) {
  if (newPriceCents === undefined || listing.approved_price_cents === null) return null;
  if (newPriceCents <= listing.approved_price_cents) return null;
  const standing = await hotelStanding(db, { enterpriseId: listing.enterprise_id ?? '' }, listing.hotel_name);
  return hotelApprovalAsk(standing, { startUtc: listing.start_utc, askingPriceCents: newPriceCents }, now);
}
