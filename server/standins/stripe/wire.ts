import { randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { StripeStandinRefundsTable } from '../../db/schema-standins.ts';
import type { StripeStandinSessionRow } from '../../db/schema.ts';
import { STRIPE_API_VERSION } from '../../payments/stripe/stripe-wire.ts';
import { balanceTransactionIdOf } from './balance.ts';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A Stripe-looking object id such as `cs_test_a1B2…`; random, so ids cannot be guessed from one another. */
export function newId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let suffix = '';
  for (const byte of bytes) suffix += ALPHANUMERIC[byte % ALPHANUMERIC.length];
  return `${prefix}${suffix}`;
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The charge behind a payment intent: the stand-in makes exactly one per payment, named after it. */
export const chargeIdOf = (paymentIntent: string) => paymentIntent.replace(/^pi_/, 'ch_');

/** The session as Stripe's API returns it. `url` is present only while the session can still be paid. */
export function checkoutSessionJson(row: StripeStandinSessionRow, origin: string | undefined) {
  const complete = row.status === 'complete';
  return {
    id: row.id,
    object: 'checkout.session',
    allowed_payment_method_types: ['card'],
    amount_subtotal: row.amount_total,
    amount_total: row.amount_total,
    cancel_url: row.cancel_url,
    client_reference_id: row.client_reference_id,
    created: seconds(row.created_at),
    currency: row.currency,
    customer_details: complete && row.customer_email ? { email: row.customer_email } : null,
    customer_email: row.customer_email,
    expires_at: seconds(row.expires_at),
    livemode: false,
    metadata: row.metadata,
    mode: 'payment',
    payment_intent: row.payment_intent,
    payment_method_types: ['card'],
    payment_status: row.payment_status,
    status: row.status,
    success_url: row.success_url,
    ui_mode: 'hosted_page',
    url: row.status === 'open' && origin ? `${origin}/test-checkout/${row.id}` : null,
  };
}

export type StandinRefundRow = Selectable<StripeStandinRefundsTable>;

/**
 * The session with its payment intent as Stripe expands it on request: `payment_intent` gives the PaymentIntent
 * whole, `payment_intent.latest_charge` its charge too (whose `created` says when the buyer paid). An unpaid
 * session has no payment intent to expand. `amountRefunded`: the refunds made of the payment so far.
 */
export function expandedSessionJson(
  row: StripeStandinSessionRow,
  origin: string | undefined,
  expand: readonly string[],
  amountRefunded: number,
) {
  const session = checkoutSessionJson(row, origin);
  const paid = row.payment_intent ? { ...row, payment_intent: row.payment_intent } : null;
  if (!paid) return session;
  if (expand.includes('payment_intent.latest_charge'))
    return { ...session, payment_intent: paymentIntentJson(paid, chargeJson(paid, amountRefunded)) };
  if (expand.includes('payment_intent')) return { ...session, payment_intent: paymentIntentJson(paid) };
  return session;
}

/**
 * A paid session's payment intent as GET /v1/payment_intents/:id returns it (the fields the adapter reads, and a
 * few more); `latestCharge` is the charge when the caller expanded it, else its id is given.
 */
export function paymentIntentJson(
  session: StripeStandinSessionRow & { payment_intent: string },
  latestCharge?: object,
) {
  return {
    id: session.payment_intent,
    object: 'payment_intent',
    amount: session.amount_total,
    amount_received: session.amount_total,
    created: seconds(session.completed_at ?? session.created_at),
    currency: session.currency,
    latest_charge: latestCharge ?? chargeIdOf(session.payment_intent),
    livemode: false,
    metadata: session.payment_intent_metadata,
    payment_method_types: ['card'],
    status: 'succeeded',
  };
}

/**
 * The payment's one charge, as `charge.*` events carry it. Since API version 2022-11-15 a charge no longer
 * lists its refunds: it says how much is refunded and whether all of it is. Its balance transaction is named by
 * id, or given whole when the caller expanded it.
 */
export function chargeJson(
  session: StripeStandinSessionRow & { payment_intent: string },
  amountRefunded: number,
  balanceTransaction?: object,
) {
  const id = chargeIdOf(session.payment_intent);
  return {
    id,
    object: 'charge',
    amount: session.amount_total,
    amount_captured: session.amount_total,
    amount_refunded: amountRefunded,
    balance_transaction: balanceTransaction ?? balanceTransactionIdOf(id),
    captured: true,
    created: seconds(session.completed_at ?? session.created_at),
    currency: session.currency,
    livemode: false,
    metadata: session.payment_intent_metadata,
    paid: true,
    payment_intent: session.payment_intent,
    refunded: amountRefunded >= session.amount_total,
    status: 'succeeded',
  };
}

/**
 * A refund as POST and GET /v1/refunds return it. The stand-in's refunds succeed at once, as card refunds do; the
 * balance transaction is named by id, or given whole when the caller expanded it.
 */
export function refundJson(row: StandinRefundRow, balanceTransaction?: object) {
  return {
    id: row.id,
    object: 'refund',
    amount: row.amount,
    balance_transaction: balanceTransaction ?? balanceTransactionIdOf(row.id),
    charge: chargeIdOf(row.payment_intent),
    created: seconds(row.created_at),
    currency: row.currency,
    metadata: row.metadata,
    payment_intent: row.payment_intent,
    reason: row.reason,
    status: 'succeeded',
  };
}

/** An event as Stripe posts it to a webhook endpoint, serialised once: these exact bytes are signed and sent. */
export function eventPayload(
  id: string,
  type: string,
  object: unknown,
  created: Date,
  requestId: string | null,
  account?: string,
) {
  return JSON.stringify(
    {
      id,
      object: 'event',
      // Events about a connected account name it, as Stripe's Connect webhooks do.
      ...(account ? { account } : {}),
      api_version: STRIPE_API_VERSION,
      created: seconds(created),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: requestId, idempotency_key: null },
      type,
    },
    null,
    2,
  );
}

export interface StripeErrorBody {
  type: 'invalid_request_error' | 'idempotency_error' | 'api_error';
  message: string;
  code?: string;
  param?: string;
}

/** A refusal in Stripe's shape; stripe-node turns it into the matching StripeError class by status and type. */
export class StripeWireError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

export const missing = (object: string, id: string, param: string) =>
  new StripeWireError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param,
    message: `No such ${object}: '${id}'`,
  });
