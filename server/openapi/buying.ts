import { z } from 'zod';
import {
  cancelCheckoutRequestSchema,
  createCheckoutSessionRequestSchema,
  createSessionRequestSchema,
} from '../../contract/buying.ts';
import type { EventOutcome } from '../payments/handle-payment-event.ts';
import { replySchema, schemaRef } from './json-schema.ts';
import type { OperationSpec } from './operation.ts';

const CHECKOUT =
  'Charges the price the database holds (a different `amount` is 409 "The price of this stay changed"); the ' +
  'reservation is read again from the hotel system (cancelled or changed: the listing is withdrawn, 409). ' +
  'The URLs must be on the product’s own origin; the seller cannot buy their own stay (403); a `userId`, ' +
  '`user_id` or `buyer_id` must be the caller (403). The stay is held for 30 minutes: the same buyer gets the ' +
  'same session again, anyone else 409 with `details: { reason: "held", holdExpiresAt }`. The guest names ' +
  'are those the hotel puts the reservation under (default: the buyer’s profile name; none: 400). 20 ' +
  'checkouts per user per 10 minutes (both forms together), then 429.';
const checkoutErrors = ['FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'RATE_LIMITED', 'UPSTREAM_ERROR'] as const;
const checkoutReply = {
  status: 200,
  description: 'The hosted checkout to send the buyer to',
  data: schemaRef('CheckoutSession'),
} as const;

/** PATCH /api/listings/{id}/purchase's body: ids kept for older clients, which must name the caller. */
const purchaseBody = z.object({ buyer_id: z.string().optional(), user_id: z.string().optional() });
const EVENT_OUTCOMES = ['handled', 'duplicate', 'ignored'] as const satisfies readonly EventOutcome[];
/** The webhook's reply: what became of the event (`duplicate`: it was handled before). */
const webhookReply = z.object({ received: z.literal(true), outcome: z.enum(EVENT_OUTCOMES) });
/** A payment provider's event as it arrives; only its signature makes it one. */
const providerEvent = z.looseObject({ id: z.string(), type: z.string() });

export const buyingPaths: Record<string, Record<string, OperationSpec>> = {
  '/api/payment/create-checkout-session': {
    post: {
      operationId: 'createCheckoutSession',
      tag: 'Buying',
      summary: 'Start paying for a stay: hold it and open the hosted checkout',
      description: CHECKOUT,
      access: 'bearer',
      body: createCheckoutSessionRequestSchema,
      reply: checkoutReply,
      errors: [...checkoutErrors],
    },
  },
  '/api/payment/create-session': {
    post: {
      operationId: 'createSession',
      tag: 'Buying',
      summary: 'The same, in the short form (`listing_id`, `success_url`, `cancel_url`)',
      description: CHECKOUT,
      access: 'bearer',
      body: createSessionRequestSchema,
      reply: checkoutReply,
      errors: [...checkoutErrors],
    },
  },
  '/api/payment/cancel': {
    post: {
      operationId: 'cancelCheckout',
      tag: 'Buying',
      summary: 'The buyer left the checkout: release the hold at once',
      description:
        'Names the checkout by `sessionId`, or by `listingId` (the caller’s own open checkout of that stay). ' +
        'The session is expired at the provider first; if it was paid meanwhile, the sale is recorded instead ' +
        '(`orderState: "paid"`). Someone else’s checkout is 403 by session, 404 by stay.',
      access: 'bearer',
      body: cancelCheckoutRequestSchema,
      reply: { status: 200, description: 'How the checkout ended', data: schemaRef('CancelCheckoutResult') },
      errors: ['FORBIDDEN', 'NOT_FOUND', 'UPSTREAM_ERROR'],
    },
  },
  '/api/payment/session-status/{sessionId}': {
    get: {
      operationId: 'getSessionStatus',
      tag: 'Buying',
      summary: 'The buyer’s checkout: paid yet, and the order’s state',
      description: 'Records the sale when the provider says paid before its webhook arrived. The buyer only.',
      access: 'bearer',
      pathParams: { sessionId: 'The checkout session id the create call answered' },
      reply: { status: 200, description: 'The checkout’s status', data: schemaRef('SessionStatus') },
      errors: ['FORBIDDEN', 'NOT_FOUND', 'UPSTREAM_ERROR'],
    },
  },
  '/api/payment/webhook': {
    post: {
      operationId: 'receivePaymentEvent',
      tag: 'Buying',
      summary: 'The payment provider’s signed events (checkout completed, async payment succeeded or failed, expired)',
      description:
        'Verified over the raw body with the provider’s signature; a missing or bad signature is 400 and ' +
        'changes nothing. Each event id is handled once. A payment for a stay no longer held for its order is ' +
        'refunded automatically. Any other failure is a 5xx, so the provider delivers the event again.',
      access: 'signature',
      headers: { 'Stripe-Signature': 'The provider’s signature of the raw body' },
      body: providerEvent,
      reply: { status: 200, description: 'The event was received', data: replySchema(webhookReply) },
    },
  },
  '/api/payment/connect-webhook': {
    post: {
      operationId: 'receiveConnectedAccountEvent',
      tag: 'Buying',
      summary:
        'The payment provider’s signed events of connected accounts (account.updated: a seller’s payout account)',
      description:
        'Stripe’s Connect webhook endpoint, verified with its own signing secret (STRIPE_CONNECT_WEBHOOK_SECRET): ' +
        'an event signed for the platform endpoint is 400 here, and changes nothing. Each event id is handled ' +
        'once; a seller’s account becoming ready releases their waiting payouts. Any other failure is a 5xx, so ' +
        'the provider delivers the event again.',
      access: 'signature',
      headers: { 'Stripe-Signature': 'The provider’s signature of the raw body, with the Connect endpoint’s secret' },
      body: providerEvent,
      reply: { status: 200, description: 'The event was received', data: replySchema(webhookReply) },
    },
  },
  '/api/listings/{id}/purchase': {
    patch: {
      operationId: 'confirmPurchase',
      tag: 'Buying',
      summary: 'Never sells: answers the sold listing once the caller’s order for it is paid, else 409',
      access: 'bearer',
      pathParams: { id: 'The listing id' },
      body: purchaseBody,
      reply: { status: 200, description: 'The listing the caller bought', data: schemaRef('Listing') },
      errors: ['FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
    },
  },
  '/api/listings/purchased/{userId}': {
    get: {
      operationId: 'listPurchasedStays',
      tag: 'Buying',
      summary: 'The stays the caller bought, each with its order: timeline, handover and refund',
      access: 'bearer',
      pathParams: { userId: 'The caller’s own user id (another is 403)' },
      reply: { status: 200, description: 'The stays', data: { type: 'array', items: schemaRef('PurchasedStay') } },
      errors: ['FORBIDDEN'],
    },
  },
};
