import Stripe from 'stripe';
import { ZodError } from 'zod';
import { AppError } from '../../http/errors.ts';
import { transferGroupOf, type CheckoutSession, type Payments } from './payments.ts';
import { stripeRefundReason } from './refund-reason.ts';
import { toStripeAmount } from './stripe-amounts.ts';
import {
  PAID_AT_EXPANSION,
  STRIPE_API_VERSION,
  toCheckoutSession,
  toPaymentEvent,
  toProviderPayment,
  toProviderRefund,
  toProviderRefunds,
} from './stripe-wire.ts';
import {
  connectRefusal,
  toPayoutAccount,
  toProviderTransfer,
  toProviderTransferReversal,
  toProviderTransfers,
} from './stripe-connect-wire.ts';

export interface StripePaymentsOptions {
  /** `stripe` talks to api.stripe.com; `local` to the built-in checkout server on the API's own origin. */
  mode: 'stripe' | 'local';
  secretKey: string;
  webhookSecret: string;
  /** The Connect endpoint's signing secret: connected accounts' events are signed with it. */
  connectWebhookSecret: string;
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

  // With its charge, so a paid session says when it was paid: the hotel's rule is judged as of that moment.
  const retrieveSession = async (id: string) =>
    toCheckoutSession(await stripe().checkout.sessions.retrieve(id, { expand: [PAID_AT_EXPANSION] }));

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
              ...(input.hotelFee
                ? [
                    {
                      quantity: 1,
                      price_data: {
                        currency: input.currency.toLowerCase(),
                        unit_amount: toStripeAmount(input.hotelFee.amountCents, input.currency),
                        product_data: { name: input.hotelFee.name },
                      },
                    },
                  ]
                : []),
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

    retrieveCheckoutSession: (id) => call(() => retrieveSession(id)),

    expireCheckoutSession: (id) =>
      call(async (): Promise<CheckoutSession> => {
        try {
          return toCheckoutSession(await stripe().checkout.sessions.expire(id, { expand: [PAID_AT_EXPANSION] }));
        } catch (error) {
          // Stripe refuses to expire a session that is no longer open; it may have been paid or expired meanwhile.
          if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
          const current = await retrieveSession(id);
          if (current.status === 'open') throw error;
          return current;
        }
      }),

    refund: (input) =>
      call(async () => {
        const refund = await stripe().refunds.create(
          {
            payment_intent: input.paymentIntentId,
            reason: stripeRefundReason(input.reason),
            metadata: { orderId: input.orderId, ...(input.reason && { reason: input.reason }) },
            // What left the balance in the settlement currency, for the ledger.
            expand: ['balance_transaction'],
          },
          { idempotencyKey: `refund:${input.orderId}` },
        );
        return toProviderRefund(refund);
      }),

    listRefunds: (paymentIntentId) =>
      call(async () => {
        // One payment has few refunds (Restay makes one); 100 is Stripe's largest page.
        const page = await stripe().refunds.list({
          payment_intent: paymentIntentId,
          limit: 100,
          expand: ['data.balance_transaction'],
        });
        return toProviderRefunds(page);
      }),

    retrievePayment: (paymentIntentId) =>
      call(async () =>
        toProviderPayment(
          // The charge's balance transaction says what it settled to, at which rate, and the provider's fee.
          await stripe().paymentIntents.retrieve(paymentIntentId, { expand: ['latest_charge.balance_transaction'] }),
        ),
      ),

    createPayoutAccount: (input) =>
      call(async () => {
        const account = await stripe().accounts.create(
          {
            // Controller properties rather than a deprecated account type: an Express dashboard, the platform
            // pays the fees and bears the losses, the provider collects what it needs to know.
            controller: {
              stripe_dashboard: { type: 'express' },
              fees: { payer: 'application' },
              losses: { payments: 'application' },
              requirement_collection: 'stripe',
            },
            capabilities: { transfers: { requested: true } },
            ...(input.email ? { email: input.email } : {}),
            metadata: 'sellerId' in input ? { sellerId: input.sellerId } : { hotelId: input.hotelId },
          },
          { idempotencyKey: `payout-account:${'sellerId' in input ? input.sellerId : `hotel:${input.hotelId}`}` },
        );
        return toPayoutAccount(account);
      }),

    retrievePayoutAccount: (accountId) =>
      call(async () => toPayoutAccount(await stripe().accounts.retrieve(accountId))),

    retrievePlatformAccount: () =>
      call(async () => {
        const account = await stripe().accounts.retrieveCurrent();
        return { defaultCurrency: (account.default_currency ?? '').toUpperCase() };
      }),

    createOnboardingLink: (input) =>
      call(async () => {
        const link = await stripe().accountLinks.create({
          account: input.accountId,
          type: 'account_onboarding',
          refresh_url: input.refreshUrl,
          return_url: input.returnUrl,
        });
        return link.url;
      }),

    createTransfer: (input) =>
      call(async () => {
        const transfer = await stripe().transfers.create(
          {
            amount: toStripeAmount(input.amountCents, input.currency),
            currency: input.currency.toLowerCase(),
            destination: input.accountId,
            source_transaction: input.sourceChargeId,
            transfer_group: transferGroupOf(input.orderId, input.payee),
            metadata: { orderId: input.orderId, payee: input.payee ?? 'seller' },
          },
          { idempotencyKey: `${input.payee === 'hotel' ? 'hotel-payout' : 'payout'}:${input.orderId}` },
        );
        return toProviderTransfer(transfer);
      }),

    reverseTransfer: (input) =>
      call(async () => {
        const reversal = await stripe().transfers.createReversal(
          input.transferId,
          { metadata: { orderId: input.orderId, payee: input.payee ?? 'seller' } },
          { idempotencyKey: `${input.payee === 'hotel' ? 'hotel-reversal' : 'reversal'}:${input.orderId}` },
        );
        return toProviderTransferReversal(reversal);
      }),

    listTransfers: (orderId, payee) =>
      call(async () => {
        // One order has one transfer per payee; 100 is Stripe's largest page.
        const page = await stripe().transfers.list({ transfer_group: transferGroupOf(orderId, payee), limit: 100 });
        return toProviderTransfers(page);
      }),

    parseWebhook(rawBody, signature, endpoint) {
      if (!signature) throw new AppError('VALIDATION_ERROR', 'The Stripe-Signature header is missing.');
      let event: unknown;
      try {
        const secret = endpoint === 'connect' ? options.connectWebhookSecret : options.webhookSecret;
        event = Stripe.webhooks.constructEvent(rawBody, signature, secret);
      } catch (error) {
        // The library also throws plain errors for a header with an empty `v1=` and a SyntaxError for a
        // correctly signed body that is not JSON: whatever it refuses came from the sender, never from us.
        if (error instanceof SyntaxError)
          throw new AppError('VALIDATION_ERROR', 'The webhook event is not one we understand.');
        throw new AppError('VALIDATION_ERROR', 'The webhook signature is not valid.');
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
  const refusal = connectRefusal(error);
  if (refusal) return refusal;
  // Anything else (a bad key, a parameter Stripe rejects) is our own mistake: it stays a 500 and is logged.
  return error;
}
