import { refundMessage } from '../../contract/order-state.ts';
import type { BuyingDeps } from './deps.ts';
import { buyerReceipt, buyerRefundNotice, sellerSaleNotice, type OrderFacts } from './emails.ts';
import { inTransaction } from '../db/transaction.ts';
import { AppError } from '../http/errors.ts';
import { orderEmailJob } from '../orders/order-email-job.ts';
import { holdJobLease, type JobLease } from '../jobs/lease.ts';
import type { JobRegistry } from '../jobs/registry.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { confirmRefund } from './confirm-refund.ts';
import { PAYMENT_JOBS } from './jobs.ts';
import { sellerPayoutLine } from './seller-payout-line.ts';
import { recordPayment, recordRefunds, refundsCoverPayment } from './provider-records.ts';
import type { ProviderRefund } from '../ledger/provider-records.ts';

/**
 * Refunds and payment records are retried for longer than emails (the provider may be down for hours). A refund
 * that still fails then is `failed`, logged as an error and listed by `npm run jobs -- failed`.
 */
export const REFUND_ATTEMPTS = 20;
const RECORD_ATTEMPTS = 20;

/** Buying's job kinds and what carries each out. Every action is safe to repeat. */
export function registerPaymentJobs(registry: JobRegistry, deps: BuyingDeps): JobRegistry {
  const email = (to: (order: LoadedOrder) => string | null, build: (to: string, facts: OrderFacts) => MailMessage) =>
    orderEmailJob(
      deps,
      (orderId) => loadOrder(deps, orderId),
      (order) => {
        const address = to(order);
        return address ? build(address, order.facts) : null;
      },
    );
  return registry
    .register(PAYMENT_JOBS.refund, {
      maxAttempts: REFUND_ATTEMPTS,
      run: async ({ orderId }, { lease }) => refund(deps, await loadOrder(deps, orderId), lease),
    })
    .register(PAYMENT_JOBS.recordPayment, {
      maxAttempts: RECORD_ATTEMPTS,
      run: async ({ orderId }) => {
        const order = await loadOrder(deps, orderId);
        const payment = await deps.payments.retrievePayment(await paymentIntentOf(deps, order));
        await inTransaction(deps.db, (trx) => recordPayment(trx, orderId, payment, deps.clock()));
      },
    })
    .register(
      PAYMENT_JOBS.receiptEmail,
      email((order) => order.buyer_email, buyerReceipt),
    )
    .register(
      PAYMENT_JOBS.saleEmail,
      email((order) => order.seller_email, sellerSaleNotice),
    )
    .register(
      PAYMENT_JOBS.refundEmail,
      email((order) => order.buyer_email, buyerRefundNotice),
    );
}

type LoadedOrder = Awaited<ReturnType<typeof loadOrder>>;

async function loadOrder(deps: BuyingDeps, orderId: string) {
  const row = await deps.db
    .selectFrom('orders')
    .innerJoin('listings', 'listings.id', 'orders.listing_id')
    .innerJoin('reservations', 'reservations.id', 'orders.reservation_id')
    .innerJoin('profiles as buyer', 'buyer.id', 'orders.buyer_id')
    .innerJoin('profiles as seller', 'seller.id', 'orders.seller_id')
    .select([
      'orders.id',
      'orders.state',
      'orders.amount_cents',
      'orders.currency',
      'orders.payment_intent_id',
      'orders.checkout_session_id',
      'orders.buyer_email',
      'orders.refund_reason',
      'orders.refund_note',
      'orders.amount_received_cents',
      'buyer.email as buyer_profile_email',
      'seller.email as seller_email',
      'listings.title',
      'listings.hotel_name',
      'listings.city',
      'listings.country',
      'listings.start_utc',
      'listings.end_utc',
      'reservations.time_zone',
    ])
    .where('orders.id', '=', orderId)
    .executeTakeFirstOrThrow();
  const facts: OrderFacts = {
    orderId: row.id,
    title: row.title,
    hotel: row.hotel_name ?? row.title,
    city: row.city,
    country: row.country,
    start: row.start_utc,
    end: row.end_utc,
    timeZone: row.time_zone,
    amountCents: row.amount_cents,
    currency: row.currency,
    publicUrl: deps.publicUrl,
    refundReason: row.refund_reason ? refundMessage(row.refund_reason, row.refund_note, 'buyer') : '',
    sellerPayout: await sellerPayoutLine(deps, { amountCents: row.amount_cents, currency: row.currency }),
  };
  return {
    id: row.id,
    state: row.state,
    /** What the buyer paid: as the provider received it once known, else the order's price. */
    paidCents: row.amount_received_cents ?? row.amount_cents,
    paymentIntentId: row.payment_intent_id,
    refundReason: row.refund_reason,
    sessionId: row.checkout_session_id,
    buyer_email: row.buyer_email ?? row.buyer_profile_email,
    seller_email: row.seller_email,
    facts,
  };
}

/** The order's payment intent: stored with the payment, else read from its checkout session. */
async function paymentIntentOf(deps: BuyingDeps, order: LoadedOrder): Promise<string> {
  const paymentIntentId =
    order.paymentIntentId ??
    (order.sessionId ? (await deps.payments.retrieveCheckoutSession(order.sessionId)).paymentIntentId : null);
  if (!paymentIntentId) throw new Error(`Order ${order.id} has no payment yet`);
  return paymentIntentId;
}

function isAlreadyRefunded(error: unknown): boolean {
  if (!(error instanceof AppError) || error.code !== 'CONFLICT') return false;
  return (error.details as { providerCode?: unknown } | undefined)?.providerCode === 'charge_already_refunded';
}

/**
 * The provider refunds once per order (its idempotency key is the order). The order becomes `refunded` only
 * when the provider confirms the whole payment is back: our refund succeeded, or the provider says the payment
 * was already refunded (by hand in its dashboard, or under another key). A refund still pending is looked up
 * again on the next attempt. Each refund the provider holds is recorded with its amount and status, only while
 * the job's `lease` is still this run's.
 */
async function refund(deps: BuyingDeps, order: LoadedOrder, lease: JobLease) {
  // Confirmed meanwhile (the provider's charge.refunded came first): nothing left to do.
  if (order.state !== 'refund_pending') return;
  const paymentIntentId = await paymentIntentOf(deps, order);
  let refunds: ProviderRefund[];
  let alreadyRefunded = false;
  try {
    const made = await deps.payments.refund({ paymentIntentId, orderId: order.id, reason: order.refundReason });
    // A repeat of the call replays the first answer: a pending refund's news comes from the refund list.
    refunds = made.status === 'succeeded' ? [made] : await deps.payments.listRefunds(paymentIntentId);
  } catch (error) {
    // Only the provider's own "already refunded" is: a refusal for lack of balance (also a CONFLICT) is retried,
    // and after its attempts the job is failed with the order still refund_pending, for an operator.
    alreadyRefunded = isAlreadyRefunded(error);
    if (!alreadyRefunded) throw error;
    refunds = await deps.payments.listRefunds(paymentIntentId);
  }
  const done = alreadyRefunded || refundsCoverPayment(refunds, order.paidCents);
  await inTransaction(deps.db, async (trx) => {
    await holdJobLease(trx, lease);
    const now = deps.clock();
    await recordRefunds(trx, order.id, refunds, now);
    if (!done) return;
    const current = await trx.selectFrom('orders').select('state').where('id', '=', order.id).executeTakeFirstOrThrow();
    if (current.state !== 'refund_pending') return;
    await confirmRefund(trx, {
      orderId: order.id,
      now,
      source: alreadyRefunded
        ? 'the provider reports the payment already refunded'
        : 'refund confirmed by the provider',
      reasonIfNone: 'refunded_by_provider',
    });
  });
  if (!done) throw new Error(`The refund of order ${order.id} is not complete yet`);
}
