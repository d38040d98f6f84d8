import Stripe from 'stripe';
import { ZodError } from 'zod';
import { AppError } from '../../http/errors.ts';
import type { CheckoutSession, Payments } from './payments.ts';
import { toStripeAmount } from './stripe-amounts.ts';
import { refundWire, toCheckoutSession, toPaymentEvent } from './stripe-wire.ts';

/** The API version stripe@23.1.0 is built and typed for; the webhook endpoint must be set to the same one. */
export const STRIPE_API_VERSION = '2026-10-28.endive';

/**
 * Keys of the built-in checkout server when no STRIPE_SECRET_KEY is set: the local `stripe` client and the
 * stand-in share them, so nothing needs configuring to pay with a test card on a fresh checkout.
 */
export const LOCAL_STRIPE_SECRET_KEY = 'sk_test_restay_local';
export const LOCAL_STRIPE_WEBHOOK_SECRET = 'whsec_restay_local';

export interface StripePaymentsOptions {
  /** `stripe` talks to api.stripe.com; `local` to the built-in checkout server on the API's own origin. */
  mode: 'stripe' | 'local';
  secretKey: string;
  webhookSecret: string;
  /** Where the local checkout server listens; asked on first use because the port is known only after listen(). */
  api?: () => { host: string; port: number; protocol: 'http' };
}

const UNAVAILABLE = 'The payment provider is not answering right now. Please try again in a few minutes.';

export function createStripePayments(options: StripePaymentsOptions): Payments {
  let client: Stripe | undefined;
  const stripe = (): Stripe => {
    client ??= new Stripe(options.secretKey, {
      apiVersion: STRIPE_API_VERSION,
      // Retries reuse the idempotency key, so a retried create can never open a second session.
      maxNetworkRetries: options.mode === 'local' ? 0 : 2,
      timeout: options.mode === 'local' ? 10_000 : 20_000,
      telemetry: false,
      ...options.api?.(),
    });
    return client;
  };

  return {
    mode: options.mode,

    createCheckoutSession: (input) =>
      call(async () => {
        const metadata = { orderId: input.orderId, listingId: input.listingId, buyerId: input.buyerId };
        const session = await stripe().checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: input.currency.toLowerCase(),
                  unit_amount: toStripeAmount(input.amountCents, input.currency),
                  product_data: { name: input.productName, description: input.productDescription },
                },
              },
            ],
            client_reference_id: input.orderId,
            metadata,
            // On the PaymentIntent too, so payment, charge and refund events name the order as well.
            payment_intent_data: { metadata },
            expires_at: Math.floor(input.expiresAt.getTime() / 1000),
            ...(input.buyerEmail ? { customer_email: input.buyerEmail } : {}),
            // Cards only: a delayed method could settle after the reservation was released to someone else.
            allowed_payment_method_types: ['card'],
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
          },
          { idempotencyKey: `checkout:${input.orderId}` },
        );
        return toCheckoutSession(session);
      }),

    retrieveCheckoutSession: (id) => call(async () => toCheckoutSession(await stripe().checkout.sessions.retrieve(id))),

    expireCheckoutSession: (id) =>
      call(async (): Promise<CheckoutSession> => {
        try {
          return toCheckoutSession(await stripe().checkout.sessions.expire(id));
        } catch (error) {
          // Stripe refuses to expire a session that is no longer open; it may have been paid or expired meanwhile.
          if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
          const current = toCheckoutSession(await stripe().checkout.sessions.retrieve(id));
          if (current.status === 'open') throw error;
          return current;
        }
      }),

    refund: (input) =>
      call(async () => {
        const refund = await stripe().refunds.create(
          {
            payment_intent: input.paymentIntentId,
            reason: input.reason,
            metadata: { orderId: input.orderId },
          },
          { idempotencyKey: `refund:${input.orderId}` },
        );
        const parsed = refundWire.parse(refund);
        return { id: parsed.id, status: parsed.status };
      }),

    parseWebhook(rawBody, signature) {
      if (!signature) throw new AppError('VALIDATION_ERROR', 'The Stripe-Signature header is missing.');
      let event: unknown;
      try {
        event = Stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
          throw new AppError('VALIDATION_ERROR', 'The webhook signature is not valid.');
        }
        throw error;
      }
      try {
        return toPaymentEvent(event);
      } catch (error) {
        if (error instanceof ZodError)
          throw new AppError('VALIDATION_ERROR', 'The webhook event is not one we understand.');
        throw error;
      }
    },
  };
}

/** Turns the provider's failures into the API's errors: outages become 502s, known refusals say what happened. */
async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw translate(error);
  }
}

function translate(error: unknown): unknown {
  if (error instanceof ZodError) {
    return new AppError('UPSTREAM_ERROR', 'The payment provider sent an answer we could not read.');
  }
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  if (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    error instanceof Stripe.errors.StripeAPIError ||
    (error.statusCode ?? 0) >= 500
  ) {
    return new AppError('UPSTREAM_ERROR', UNAVAILABLE);
  }
  if (error.code === 'charge_already_refunded') {
    return new AppError('CONFLICT', 'This payment has already been refunded.', { providerCode: error.code });
  }
  if (error.code === 'resource_missing') return new AppError('NOT_FOUND', 'Payment not found');
  // Anything else (a bad key, a parameter Stripe rejects) is our own mistake: it stays a 500 and is logged.
  return error;
}
