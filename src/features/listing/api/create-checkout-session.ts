import { useMutation } from '@tanstack/react-query';
import { API_ERROR_MESSAGES, ApiError, apiPost } from '../../../lib/api-client.ts';
import { pendingCheckout } from '../../../lib/checkout-storage.ts';
import type { CheckoutSessionRequest } from '../checkout-reservation.ts';

export const MISSING_CHECKOUT_URL = 'Invalid response from server - missing checkout URL.';
export const CHECKOUT_FAILED = 'Failed to create checkout session. Please try again.';

/** The reply's schemas (and with them zod) are their own chunk, fetched beside the call: the page paints without. */
const loadReplySchemas = () => import('./checkout-reply-schemas.ts');

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** Leaves the SPA for the hosted checkout; a seam so tests can see where the browser was sent. */
export const browserLocation = {
  assign: (url: string) => window.location.assign(url),
};

/** Why a checkout could not start, as the buyer should read it. */
export type CheckoutFailure =
  | { kind: 'held'; message: string; holdExpiresAt: string }
  | { kind: 'conflict'; message: string }
  | { kind: 'other'; message: string };

/** Thrown when a checkout could not start, with why (`failure`). */
export class CheckoutError extends Error {
  constructor(readonly failure: CheckoutFailure) {
    super(failure.message);
  }
}

type ReplySchemas = Awaited<ReturnType<typeof loadReplySchemas>>;

function failureOf(error: unknown, { heldDetailsSchema }: ReplySchemas): CheckoutFailure {
  if (!(error instanceof ApiError)) return { kind: 'other', message: CHECKOUT_FAILED };
  const message = error.message && error.message !== API_ERROR_MESSAGES.fallback ? error.message : CHECKOUT_FAILED;
  if (error.status === 409) {
    const held = heldDetailsSchema.safeParse(error.details);
    if (held.success) return { kind: 'held', message, holdExpiresAt: held.data.holdExpiresAt };
    return { kind: 'conflict', message };
  }
  return { kind: 'other', message };
}

export async function createCheckoutSession(
  request: CheckoutSessionRequest,
): Promise<{ url: string; sessionId: string | null }> {
  const schemas = loadReplySchemas();
  let answer: unknown;
  try {
    answer = await apiPost<unknown>('/api/payment/create-checkout-session', request);
  } catch (error) {
    throw new CheckoutError(failureOf(error, await schemas));
  }
  const parsed = (await schemas).checkoutReplySchema.safeParse(answer);
  const reply = parsed.success ? parsed.data : {};
  const url = text(reply.data?.url) ?? text(reply.url);
  if (!url) throw new CheckoutError({ kind: 'other', message: MISSING_CHECKOUT_URL });
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

/** Why the checkout failed with `error`, as the buyer should read it. */
export const checkoutFailure = (error: unknown): CheckoutFailure =>
  error instanceof CheckoutError ? error.failure : { kind: 'other', message: CHECKOUT_FAILED };
