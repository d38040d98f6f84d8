import type { Listing } from '../../contract/listing.ts';
import type { ListingStatus } from '../../contract/listing-status.ts';

/**
 * What the viewer may do with a listing, from its status and who is looking: only an active listing can be
 * booked, and not by its seller; a sold listing shows PURCHASED to its buyer and SOLD to everyone else; an
 * inactive one is not available; any other status (reserved, expired, withdrawn) is pending and cannot be booked.
 */
export type Viewing = 'buyable' | 'owner' | 'sold' | 'purchased' | 'unavailable' | 'pending';

export type ViewedListing = Pick<Listing, 'status' | 'user_id' | 'buyer_id'>;

export function viewingOf(listing: ViewedListing, viewerId: string | null): Viewing {
  if (listing.status === 'sold') return viewerId !== null && viewerId === listing.buyer_id ? 'purchased' : 'sold';
  if (viewerId !== null && viewerId === listing.user_id) return 'owner';
  if (listing.status === 'active') return 'buyable';
  if (listing.status === 'inactive') return 'unavailable';
  return 'pending';
}

export type BadgeTone = 'sold' | 'purchased' | 'pending';

/** Which statuses carry a badge: active and inactive speak through the page itself, every other one is named. */
const BADGED: Record<ListingStatus, boolean> = {
  active: false,
  inactive: false,
  sold: true,
  reserved: true,
  expired: true,
  withdrawn: true,
};

/** The badge a listing wears for this viewer (SOLD, PURCHASED, or its status in capitals), or null for none. */
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
  return { label: listing.status.toUpperCase(), tone: 'pending' };
}
