import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { heldDetailsSchema } from '../../../../contract/buying.ts';
import { API_ERROR_MESSAGES, ApiError, apiPost } from '../../../lib/api-client.ts';
import { pendingCheckout } from '../../../lib/checkout-storage.ts';
import type { CheckoutSessionRequest } from '../checkout-reservation.ts';

export const MISSING_CHECKOUT_URL = 'Invalid response from server - missing checkout URL.';
export const CHECKOUT_FAILED = 'Failed to create checkout session. Please try again.';

// The url may sit in `data` (the API's envelope) or at the top level (older servers); read both leniently.
const sessionFields = z.object({ url: z.unknown(), sessionId: z.unknown(), id: z.unknown() }).partial();
const replySchema = sessionFields.extend({ data: sessionFields.nullish().catch(undefined) });

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

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
  const parsed = replySchema.safeParse(await apiPost<unknown>('/api/payment/create-checkout-session', request));
  if (!parsed.success) throw new MissingCheckoutUrlError();
  const reply = parsed.data;
  const url = text(reply.data?.url) ?? text(reply.url);
  if (!url) throw new MissingCheckoutUrlError();
  return {
    url,
    sessionId: text(reply.data?.sessionId) ?? text(reply.sessionId) ?? text(reply.data?.id) ?? text(reply.id),
  };
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
    const held = heldDetailsSchema.safeParse(error.details);
    if (held.success) return { kind: 'held', message, holdExpiresAt: held.data.holdExpiresAt };
    return { kind: 'conflict', message };
  }
  return { kind: 'other', message };
}
