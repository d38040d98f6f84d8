/**
 * The payments port: what the order logic needs from a card payment provider with a hosted checkout page.
 * One adapter implements it (the `stripe` package); in local mode that same client talks to the built-in
 * checkout server instead of api.stripe.com, so only the far end changes.
 */
export interface CreateCheckoutInput {
  orderId: string; listingId: string; buyerId: string; buyerEmail: string | null;
  amountCents: number; currency: string;      // ISO upper-case in, sent lower-case; amountCents is minor units (zero-decimal currencies like JPY: the amount itself)
  productName: string; productDescription: string;
  successUrl: string; cancelUrl: string;      // successUrl contains the literal {CHECKOUT_SESSION_ID}
  expiresAt: Date;                            // 30 minutes ahead
}
export interface CheckoutSession {
  id: string; url: string | null; status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  amountTotalCents: number | null; currency: string | null; expiresAt: Date;
  clientReferenceId: string | null; metadata: Record<string, string>; paymentIntentId: string | null;
}
export type PaymentEvent = { id: string; type: string; created: Date; session: CheckoutSession | null };
export interface Payments {
  readonly mode: 'stripe' | 'local';
  createCheckoutSession(input: CreateCheckoutInput): Promise<CheckoutSession>;   // idempotencyKey `checkout:<orderId>`
  retrieveCheckoutSession(id: string): Promise<CheckoutSession>;
  expireCheckoutSession(id: string): Promise<CheckoutSession>;   // an already complete/expired session is returned as it is, not an error
  refund(input: { paymentIntentId: string; orderId: string; reason: 'duplicate' | 'requested_by_customer' }): Promise<{ id: string; status: string }>; // idempotencyKey `refund:<orderId>`
  /** Verifies the Stripe-Signature header over the raw body with the webhook secret (stripe.webhooks.constructEvent); throws AppError VALIDATION_ERROR on a bad or missing signature. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent;
}
