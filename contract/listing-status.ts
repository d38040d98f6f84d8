/**
 * The listing status machine (DESIGN.md section 4). Every status change on the server goes through
 * `canTransition`, guarded by the current status in the same transaction, so two requests never both win.
 */
export const LISTING_STATUSES = ['active', 'reserved', 'sold', 'inactive', 'expired'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

const TRANSITIONS: Record<ListingStatus, readonly ListingStatus[]> = {
  active: ['reserved', 'inactive', 'expired'],
  reserved: ['sold', 'active'],
  inactive: ['active', 'expired'],
  sold: [],
  expired: [],
};

export function canTransition(from: ListingStatus, to: ListingStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

export function isListingStatus(value: string): value is ListingStatus {
  return (LISTING_STATUSES as readonly string[]).includes(value);
}
