/**
 * The listing status machine. `active` -> `reserved` while a buyer is in checkout (with an expiry) -> `sold`;
 * `reserved` -> `active` when that checkout expires or is cancelled; `active` <-> `inactive` by the seller;
 * `active`/`inactive` -> `expired` once check-in has passed, or -> `withdrawn` by the seller (or because the
 * hotel cancelled the reservation); `sold` -> `withdrawn` when the sale is refunded (the handover failed, or the
 * order was refunded): the reservation returns to the seller, who may list it again. On the server every
 * change goes through one transition function that checks `canTransition` and updates guarded by the current
 * status in the caller's transaction, so two requests can never both win.
 */
export const LISTING_STATUSES = ['active', 'reserved', 'sold', 'inactive', 'expired', 'withdrawn'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

const TRANSITIONS: Record<ListingStatus, readonly ListingStatus[]> = {
  active: ['reserved', 'inactive', 'expired', 'withdrawn'],
  reserved: ['sold', 'active'],
  inactive: ['active', 'expired', 'withdrawn'],
  sold: ['withdrawn'],
  expired: [],
  withdrawn: [],
};

export function canTransition(from: ListingStatus, to: ListingStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

export function isListingStatus(value: string): value is ListingStatus {
  return (LISTING_STATUSES as readonly string[]).includes(value);
}
