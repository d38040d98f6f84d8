/**
 * The listing status machine. `active` -> `reserved` while a buyer is in checkout (with an expiry) -> `sold`;
 * `reserved` -> `active` when that checkout expires or is cancelled; `active` <-> `inactive` by the seller;
 * `active`/`inactive` -> `expired` once check-in has passed, or -> `withdrawn` by the seller (or because the
 * hotel cancelled the reservation); `sold` -> `withdrawn` when the sale is refunded (the handover failed, or the
 * order was refunded): the reservation returns to the seller, who may list it again. On the server every
 * change goes through one transition function that checks `canTransition` and updates guarded by the current
 * status in the caller's transaction, so two requests can never both win.
 *
 * Hotel approval (ADR 0082): under a hotel's manual approval a new listing starts `awaiting_hotel`, and an active
 * or paused listing whose price is raised above the one the hotel approved goes back to it. From there the hotel
 * (or the deadline job, as its policy says) moves it to `active` (approved) or `rejected_by_hotel`; the seller may
 * withdraw it, the hotel's own change to the reservation withdraws it, and check-in passing expires it. Neither
 * state is ever shown in the marketplace or buyable; `rejected_by_hotel` is final like `withdrawn` (the seller may
 * list the reservation again, which asks the hotel again).
 */
export const LISTING_STATUSES = [
  'active',
  'reserved',
  'sold',
  'inactive',
  'expired',
  'withdrawn',
  'awaiting_hotel',
  'rejected_by_hotel',
] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

const TRANSITIONS: Record<ListingStatus, readonly ListingStatus[]> = {
  active: ['reserved', 'inactive', 'expired', 'withdrawn', 'awaiting_hotel'],
  reserved: ['sold', 'active'],
  inactive: ['active', 'expired', 'withdrawn', 'awaiting_hotel'],
  sold: ['withdrawn'],
  expired: [],
  withdrawn: [],
  awaiting_hotel: ['active', 'rejected_by_hotel', 'withdrawn', 'expired'],
  rejected_by_hotel: [],
};

export function canTransition(from: ListingStatus, to: ListingStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

export function isListingStatus(value: string): value is ListingStatus {
  return (LISTING_STATUSES as readonly string[]).includes(value);
}
