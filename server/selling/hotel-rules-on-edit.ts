import type { ListingStatus } from '../../contract/listing-status.ts';
import type { UpdateListingRequest } from '../../contract/selling.ts';
import type { Executor } from '../db/transaction.ts';
import { hotelPolicyRefusal, pauseReasonText, storedFacts, type StoredResaleFacts } from '../resale-policy/facts.ts';
import { hotelStanding } from '../resale-policy/standing.ts';
import { policyVerdict } from '../resale-policy/verdict.ts';

interface EditedListing extends StoredResaleFacts {
  status: ListingStatus;
  price_cents: number;
  hotel_pause_reason: string | null;
  hotel_name: string;
  enterprise_id: string | null;
}

/**
 * The hotel's policy on a seller's edit. A listing for sale (or being resumed) must comply at its new price:
 * else 409 with the hotel's sentences. A listing the hotel paused cannot be resumed by its seller; a new price
 * is still taken if it is within the hotel's cap, and when that was all that kept it paused, it goes back on
 * sale. Answers the status and pause reason the edit must write, or null when the hotel changes nothing.
 */
export async function hotelRulesOnEdit(
  db: Executor,
  listing: EditedListing,
  input: UpdateListingRequest,
  newPriceCents: number | undefined,
  now: Date,
): Promise<{ status: 'active' | 'inactive'; pauseReason: string | null } | null> {
  const pausedByHotel = listing.hotel_pause_reason !== null;
  const forSaleAfter = (input.status ?? listing.status) === 'active';
  if (newPriceCents === undefined && !(forSaleAfter && listing.status !== 'active') && !pausedByHotel) return null;
  if (newPriceCents === undefined && !forSaleAfter) return null;

  const standing = await hotelStanding(db, { enterpriseId: listing.enterprise_id ?? '' }, listing.hotel_name);
  const reasons = policyVerdict(standing, storedFacts(listing, newPriceCents ?? listing.price_cents), now);
  if (!pausedByHotel) {
    if (forSaleAfter && reasons.length) throw hotelPolicyRefusal(reasons);
    return null;
  }
  const priceRefused = reasons.filter((reason) => reason.rule === 'price_cap');
  if (newPriceCents !== undefined && priceRefused.length) throw hotelPolicyRefusal(priceRefused);
  if (!reasons.length) return { status: 'active', pauseReason: null };
  if (input.status === 'active')
    throw hotelPolicyRefusal(reasons, 'The listing goes back on sale by itself once the hotel allows it.');
  return { status: 'inactive', pauseReason: pauseReasonText(reasons) };
}
