import { readSessionItem as read, writeSessionItem as write } from './session-storage.ts';

/**
 * What the browser remembers across the trip to the hosted checkout and back: the stay being paid for
 * (`pendingReservationId`, the listing id) and the checkout session. Session storage, because the trip is
 * one tab's business and nothing should outlive it. Where the browser refuses storage, the pages fall back to
 * what the server says: it knows the order.
 */
const PENDING_RESERVATION_KEY = 'pendingReservationId';
const CHECKOUT_SESSION_KEY = 'pendingCheckoutSessionId';

export const pendingCheckout = {
  remember(listingId: string, sessionId: string | null): void {
    write(PENDING_RESERVATION_KEY, listingId);
    write(CHECKOUT_SESSION_KEY, sessionId);
  },
  listingId: () => read(PENDING_RESERVATION_KEY),
  sessionId: () => read(CHECKOUT_SESSION_KEY),
  clearListing: () => write(PENDING_RESERVATION_KEY, null),
  clear(): void {
    write(PENDING_RESERVATION_KEY, null);
    write(CHECKOUT_SESSION_KEY, null);
  },
};
