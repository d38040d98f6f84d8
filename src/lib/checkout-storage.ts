/**
 * What the browser remembers across the trip to the hosted checkout and back: the stay being paid for
 * (`pendingReservationId`, the listing id) and the checkout session. Session storage, because the trip is
 * one tab's business and nothing should outlive it.
 */
const PENDING_RESERVATION_KEY = 'pendingReservationId';
const CHECKOUT_SESSION_KEY = 'pendingCheckoutSessionId';

function read(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null; // storage blocked by the browser: the pages fall back to what the server says
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    // Storage blocked: the server still knows the order, so the trip works without it.
  }
}

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
