import { useMutation } from '@tanstack/react-query';
import { isHeldDetails } from '../../../../contract/checkout-rules.ts';
import { API_ERROR_MESSAGES, ApiError, apiPost } from '../../../lib/api-client.ts';
import { pendingCheckout } from '../../../lib/checkout-storage.ts';
import type { CheckoutSessionRequest } from '../checkout-reservation.ts';

export const MISSING_CHECKOUT_URL = 'Invalid response from server - missing checkout URL.';
export const CHECKOUT_FAILED = 'Failed to create checkout session. Please try again.';

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
/** A field of the reply, or of its `data`; anything else (a missing or odd value) is read as nothing. */
const field = (from: unknown, name: 'url' | 'sessionId' | 'id' | 'data'): unknown =>
  typeof from === 'object' && from !== null ? (from as Record<string, unknown>)[name] : undefined;

/** Leaves the SPA for the hosted checkout; a seam so tests can see where the browser was sent. */
export const browserLocation = {
  assign: (url: string) => window.location.assign(url),
};

/** Thrown when the reply names no checkout page to go to. */
export class MissingCheckoutUrlError extends Error {
  constructor() {
    super(MISSING_CHECKOUT_URL);
  }
}

export async function createCheckoutSession(
  request: CheckoutSessionRequest,
): Promise<{ url: string; sessionId: string | null }> {
  const reply = await apiPost<unknown>('/api/payment/create-checkout-session', request);
  // The url may sit in `data` (the API's envelope) or at the top level (older servers); both are read leniently.
  const data = field(reply, 'data');
  const url = text(field(data, 'url')) ?? text(field(reply, 'url'));
  if (!url) throw new MissingCheckoutUrlError();
  const sessionId =
    text(field(data, 'sessionId')) ??
    text(field(reply, 'sessionId')) ??
    text(field(data, 'id')) ??
    text(field(reply, 'id'));
  return { url, sessionId };
}

/**
 * Pay Now: creates the checkout session, remembers the stay and the session for the way back, and sends the
 * browser to the hosted checkout.
 */
export function useCreateCheckoutSession() {
  return useMutation({
    mutationFn: createCheckoutSession,
    onSuccess: ({ url, sessionId }, request) => {
      pendingCheckout.remember(request.listingId, sessionId);
      browserLocation.assign(url);
    },
  });
}

/** Why a checkout could not start, as the buyer should read it. */
export type CheckoutFailure =
  | { kind: 'held'; message: string; holdExpiresAt: string }
  | { kind: 'conflict'; message: string }
  | { kind: 'other'; message: string };

export function checkoutFailure(error: unknown): CheckoutFailure {
  if (error instanceof MissingCheckoutUrlError) return { kind: 'other', message: MISSING_CHECKOUT_URL };
  if (!(error instanceof ApiError)) return { kind: 'other', message: CHECKOUT_FAILED };
  const message = error.message && error.message !== API_ERROR_MESSAGES.fallback ? error.message : CHECKOUT_FAILED;
  if (error.status === 409) {
    if (isHeldDetails(error.details)) return { kind: 'held', message, holdExpiresAt: error.details.holdExpiresAt };
    return { kind: 'conflict', message };
  }
  return { kind: 'other', message };
}
