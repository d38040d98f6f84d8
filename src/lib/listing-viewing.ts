import type { Listing } from '../../contract/listing.ts';
import type { ListingStatus } from '../../contract/listing-status.ts';

/**
 * What the viewer may do with a listing, from its status and who is looking: only an active listing can be
 * booked, and not by its seller; a sold listing shows PURCHASED to its buyer and SOLD to everyone else; an
 * inactive one is not available right now; a reserved one is held for someone's checkout (it may come back); an
 * expired or withdrawn one is gone for good, and says so rather than "pending".
 */
export type Viewing = 'buyable' | 'owner' | 'sold' | 'purchased' | 'unavailable' | 'held' | 'gone';

export type ViewedListing = Pick<Listing, 'status' | 'user_id' | 'buyer_id'>;

export function viewingOf(listing: ViewedListing, viewerId: string | null): Viewing {
  if (listing.status === 'sold') return viewerId !== null && viewerId === listing.buyer_id ? 'purchased' : 'sold';
  if (viewerId !== null && viewerId === listing.user_id) return 'owner';
  if (listing.status === 'active') return 'buyable';
  if (listing.status === 'inactive') return 'unavailable';
  if (listing.status === 'reserved') return 'held';
  return 'gone';
}

export type BadgeTone = 'sold' | 'purchased' | 'pending' | 'gone';

/** Which statuses carry a badge: active and inactive speak through the page itself, every other one is named. */
const BADGED: Record<ListingStatus, boolean> = {
  active: false,
  inactive: false,
  sold: true,
  reserved: true,
  expired: true,
  withdrawn: true,
  awaiting_hotel: true,
  rejected_by_hotel: true,
};

/**
 * The badge a listing wears for this viewer (SOLD, PURCHASED, RESERVED, or NO LONGER AVAILABLE for one that
 * expired or was withdrawn), or null for none.
 */
export function statusBadgeOf(
  listing: ViewedListing,
  viewerId: string | null,
): { label: string; tone: BadgeTone } | null {
  if (!BADGED[listing.status]) return null;
  if (listing.status === 'sold') {
    return viewerId !== null && viewerId === listing.buyer_id
      ? { label: 'PURCHASED', tone: 'purchased' }
      : { label: 'SOLD', tone: 'sold' };
  }
  if (listing.status === 'reserved') return { label: 'RESERVED', tone: 'pending' };
  // Only the seller opens these (the server names them to nobody else).
  if (listing.status === 'awaiting_hotel') return { label: 'WAITING FOR THE HOTEL', tone: 'pending' };
  if (listing.status === 'rejected_by_hotel') return { label: 'REJECTED BY THE HOTEL', tone: 'gone' };
  return { label: 'NO LONGER AVAILABLE', tone: 'gone' };
}
