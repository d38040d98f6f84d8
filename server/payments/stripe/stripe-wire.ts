import { z } from 'zod';
import type { CheckoutSession, PaymentEvent } from './payments.ts';
import { fromStripeAmount } from './stripe-amounts.ts';

/** The Checkout Session fields the port reads, as Stripe sends them (times in Unix seconds, amounts in minor units). */
const checkoutSessionWire = z.object({
  object: z.literal('checkout.session'),
  id: z.string().min(1),
  url: z.string().nullable().optional(),
  status: z.enum(['open', 'complete', 'expired']),
  payment_status: z.enum(['paid', 'unpaid', 'no_payment_required']),
  amount_total: z.number().int().nullable(),
  currency: z.string().nullable(),
  expires_at: z.number().int(),
  client_reference_id: z.string().nullable().optional(),
  metadata: z.record(z.string(), z.string()).nullable().optional(),
  // An id, or the whole PaymentIntent when a caller expanded it.
  payment_intent: z
    .union([z.string(), z.object({ id: z.string() })])
    .nullable()
    .optional(),
});

export function toCheckoutSession(raw: unknown): CheckoutSession {
  const session = checkoutSessionWire.parse(raw);
  const paymentIntent = session.payment_intent;
  return {
    id: session.id,
    url: session.url ?? null,
    status: session.status,
    paymentStatus: session.payment_status,
    amountTotalCents:
      session.amount_total === null || session.currency === null ? null : fromStripeAmount(session.amount_total, session.currency),
    currency: session.currency?.toUpperCase() ?? null,
    expiresAt: new Date(session.expires_at * 1000),
    clientReferenceId: session.client_reference_id ?? null,
    metadata: session.metadata ?? {},
    paymentIntentId: typeof paymentIntent === 'string' ? paymentIntent : (paymentIntent?.id ?? null),
  };
}

const eventWire = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  created: z.number().int(),
  data: z.object({ object: z.looseObject({ object: z.string() }) }),
});

/** A verified event; only Checkout Session events carry a session, every other type arrives with `null`. */
export function toPaymentEvent(raw: unknown): PaymentEvent {
  const event = eventWire.parse(raw);
  const object = event.data.object;
  return {
    id: event.id,
    type: event.type,
    created: new Date(event.created * 1000),
    session: object.object === 'checkout.session' ? toCheckoutSession(object) : null,
  };
}

export const refundWire = z.object({ object: z.literal('refund'), id: z.string().min(1), status: z.string().min(1) });
