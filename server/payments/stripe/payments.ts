/**
 * The payments port: what the order logic needs from a card payment provider with a hosted checkout page.
 * One adapter implements it (the `stripe` package); in local mode that same client talks to the built-in
 * checkout server instead of api.stripe.com, so only the far end changes.
 */
export interface CreateCheckoutInput {
  orderId: string;
  listingId: string;
  buyerId: string;
  buyerEmail: string | null;
  /** Hundredths of the major unit, as Restay stores every amount (also for JPY); the adapter converts for Stripe. */
  amountCents: number;
  /** ISO 4217, upper-case; sent to Stripe lower-case. */
  currency: string;
  productName: string;
  productDescription: string;
  /** Contains the literal `{CHECKOUT_SESSION_ID}`, which the provider replaces with the session id. */
  successUrl: string;
  cancelUrl: string;
  /** 30 minutes ahead (Stripe's minimum); a little more absorbs the request's travel time. */
  expiresAt: Date;
}

export interface CheckoutSession {
  id: string;
  /** The hosted page; null once the session can no longer be paid. */
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  amountTotalCents: number | null;
  /** ISO 4217, upper-case. */
  currency: string | null;
  expiresAt: Date;
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  paymentIntentId: string | null;
}

export type PaymentEvent = { id: string; type: string; created: Date; session: CheckoutSession | null };

export interface Payments {
  readonly mode: 'stripe' | 'local';
  /** Idempotency key `checkout:<orderId>`: asking again for the same order returns the same session. */
  createCheckoutSession(input: CreateCheckoutInput): Promise<CheckoutSession>;
  retrieveCheckoutSession(id: string): Promise<CheckoutSession>;
  /** An already complete or expired session is returned as it is, not an error. */
  expireCheckoutSession(id: string): Promise<CheckoutSession>;
  /** Idempotency key `refund:<orderId>`; a payment refunded under another key fails with CONFLICT. */
  refund(input: {
    paymentIntentId: string;
    orderId: string;
    reason: 'duplicate' | 'requested_by_customer';
  }): Promise<{ id: string; status: string }>;
  /**
   * Verifies the Stripe-Signature header over the raw body with the webhook secret
   * (stripe.webhooks.constructEvent); throws AppError VALIDATION_ERROR on a bad or missing signature.
   */
  parseWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent;
}
