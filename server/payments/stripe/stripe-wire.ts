import { z } from 'zod';
import type { ProviderBalanceTransaction, ProviderPayment, ProviderRefund } from '../../ledger/provider-records.ts';
import type { CheckoutSession, PaymentEvent, ProviderCharge } from './payments.ts';
import { fromStripeAmount } from './stripe-amounts.ts';
import { toPayoutAccount } from './stripe-connect-wire.ts';
import { idOrObject, listWire } from './stripe-wire-parts.ts';

/** The API version stripe@23.1.0 is built and typed for; the webhook endpoint must be set to the same one. */
export const STRIPE_API_VERSION = '2026-10-28.endive';

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
  // An id, or the whole PaymentIntent when a caller expanded it, with its charge when that was expanded too.
  payment_intent: z
    .union([
      z.string(),
      z.object({
        id: z.string(),
        latest_charge: z
          .union([z.string(), z.object({ id: z.string(), created: z.number().int() })])
          .nullable()
          .optional(),
      }),
    ])
    .nullable()
    .optional(),
});

/**
 * What a Checkout Session is retrieved with so that it says when it was paid: its PaymentIntent's charge, whose
 * `created` is the moment the card was charged.
 */
export const PAID_AT_EXPANSION = 'payment_intent.latest_charge';

export function toCheckoutSession(raw: unknown): CheckoutSession {
  const session = checkoutSessionWire.parse(raw);
  const paymentIntent = session.payment_intent;
  const charge = typeof paymentIntent === 'object' ? paymentIntent?.latest_charge : null;
  return {
    id: session.id,
    url: session.url ?? null,
    status: session.status,
    paymentStatus: session.payment_status,
    amountTotalCents:
      session.amount_total === null || session.currency === null
        ? null
        : fromStripeAmount(session.amount_total, session.currency),
    currency: session.currency?.toUpperCase() ?? null,
    expiresAt: new Date(session.expires_at * 1000),
    clientReferenceId: session.client_reference_id ?? null,
    metadata: session.metadata ?? {},
    paymentIntentId: typeof paymentIntent === 'string' ? paymentIntent : (paymentIntent?.id ?? null),
    paidAt:
      session.payment_status === 'paid' && typeof charge === 'object' && charge
        ? new Date(charge.created * 1000)
        : null,
  };
}

const eventWire = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  created: z.number().int(),
  data: z.object({ object: z.looseObject({ object: z.string() }) }),
});

/** A verified event: Checkout Session events carry their session, charge events their charge. */
export function toPaymentEvent(raw: unknown): PaymentEvent {
  const event = eventWire.parse(raw);
  const object = event.data.object;
  return {
    id: event.id,
    type: event.type,
    created: new Date(event.created * 1000),
    session: object.object === 'checkout.session' ? toCheckoutSession(object) : null,
    charge: object.object === 'charge' ? toProviderCharge(object) : null,
    account: object.object === 'account' ? toPayoutAccount(object) : null,
  };
}

/** A balance transaction, as an expanded `balance_transaction` carries it (amounts in the settlement currency). */
const balanceTransactionWire = z.object({
  object: z.literal('balance_transaction'),
  id: z.string().min(1),
  amount: z.number().int(),
  currency: z.string().min(3),
  fee: z.number().int(),
  exchange_rate: z.number().nullable().optional(),
});

/** Only an expanded balance transaction says anything; an id alone (or none yet) reads as not booked. */
const expandedBalance = z.union([balanceTransactionWire, z.string(), z.null()]).optional();

function toBalanceTransaction(raw: z.infer<typeof expandedBalance>): ProviderBalanceTransaction | null {
  if (!raw || typeof raw === 'string') return null;
  return {
    id: raw.id,
    currency: raw.currency.toUpperCase(),
    amountCents: fromStripeAmount(raw.amount, raw.currency),
    feeCents: fromStripeAmount(raw.fee, raw.currency),
    exchangeRate: raw.exchange_rate ?? null,
  };
}

const refundWire = z.object({
  object: z.literal('refund'),
  id: z.string().min(1),
  amount: z.number().int(),
  currency: z.string().min(3),
  status: z.string().min(1),
  created: z.number().int(),
  charge: idOrObject,
  payment_intent: idOrObject,
  balance_transaction: expandedBalance,
});

export function toProviderRefund(raw: unknown): ProviderRefund {
  const refund = refundWire.parse(raw);
  const booked = toBalanceTransaction(refund.balance_transaction);
  return {
    id: refund.id,
    paymentIntentId: refund.payment_intent,
    chargeId: refund.charge,
    amountCents: fromStripeAmount(refund.amount, refund.currency),
    currency: refund.currency.toUpperCase(),
    status: refund.status,
    created: new Date(refund.created * 1000),
    // A refund's balance transaction is money leaving the balance: Stripe books it negative.
    settled: booked ? { amountCents: -booked.amountCents, currency: booked.currency } : null,
  };
}

export const toProviderRefunds = (raw: unknown): ProviderRefund[] => listWire.parse(raw).data.map(toProviderRefund);

/** The charge fields a `charge.*` event is read for (since API 2022-11-15 it no longer lists its refunds). */
const chargeWire = z.object({
  object: z.literal('charge'),
  id: z.string().min(1),
  amount: z.number().int(),
  amount_refunded: z.number().int(),
  currency: z.string().min(3),
  refunded: z.boolean(),
  payment_intent: idOrObject,
  metadata: z.record(z.string(), z.string()).nullable().optional(),
});

export function toProviderCharge(raw: unknown): ProviderCharge {
  const charge = chargeWire.parse(raw);
  return {
    id: charge.id,
    paymentIntentId: charge.payment_intent,
    amountCents: fromStripeAmount(charge.amount, charge.currency),
    amountRefundedCents: fromStripeAmount(charge.amount_refunded, charge.currency),
    currency: charge.currency.toUpperCase(),
    refunded: charge.refunded,
    metadata: charge.metadata ?? {},
  };
}

const paymentIntentWire = z.object({
  object: z.literal('payment_intent'),
  id: z.string().min(1),
  amount_received: z.number().int(),
  currency: z.string().min(3),
  // Expanded with its balance transaction (`latest_charge.balance_transaction`), or an id when not asked for.
  latest_charge: z
    .union([z.string(), z.object({ id: z.string(), balance_transaction: expandedBalance })])
    .nullable()
    .optional(),
});

export function toProviderPayment(raw: unknown): ProviderPayment {
  const intent = paymentIntentWire.parse(raw);
  const charge = intent.latest_charge;
  return {
    paymentIntentId: intent.id,
    chargeId: typeof charge === 'string' ? charge : (charge?.id ?? null),
    amountReceivedCents: fromStripeAmount(intent.amount_received, intent.currency),
    currency: intent.currency.toUpperCase(),
    balance: typeof charge === 'object' && charge ? toBalanceTransaction(charge.balance_transaction) : null,
  };
}
