import type { PaymentJobRow } from '../db/schema.ts';
import type { BuyingDeps } from './deps.ts';
import { buyerReceipt, buyerRefundNotice, sellerSaleNotice, type OrderFacts } from './emails.ts';
import { enqueuePaymentJob } from './jobs.ts';

/** Carries out one recorded job. Throwing leaves it for a later attempt; each action is safe to repeat. */
export async function performPaymentJob(deps: BuyingDeps, job: PaymentJobRow): Promise<void> {
  const order = await loadOrder(deps, job.order_id);
  switch (job.kind) {
    case 'refund':
      return refund(deps, order);
    case 'receipt_email':
      return send(deps, job, order.buyer_email, (to) => buyerReceipt(to, order.facts));
    case 'sale_email':
      return send(deps, job, order.seller_email, (to) => sellerSaleNotice(to, order.facts));
    case 'refund_email':
      return send(deps, job, order.buyer_email, (to) => buyerRefundNotice(to, order.facts));
  }
}

type LoadedOrder = Awaited<ReturnType<typeof loadOrder>>;

async function loadOrder(deps: BuyingDeps, orderId: string) {
  const row = await deps.db
    .selectFrom('orders')
    .innerJoin('listings', 'listings.id', 'orders.listing_id')
    .innerJoin('profiles as buyer', 'buyer.id', 'orders.buyer_id')
    .innerJoin('profiles as seller', 'seller.id', 'orders.seller_id')
    .select([
      'orders.id',
      'orders.amount_cents',
      'orders.currency',
      'orders.payment_intent_id',
      'orders.checkout_session_id',
      'orders.buyer_email',
      'buyer.email as buyer_profile_email',
      'seller.email as seller_email',
      'listings.title',
      'listings.hotel_name',
      'listings.city',
      'listings.country',
      'listings.start_utc',
      'listings.end_utc',
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
    amountCents: row.amount_cents,
    currency: row.currency,
    publicUrl: deps.publicUrl,
  };
  return {
    id: row.id,
    paymentIntentId: row.payment_intent_id,
    sessionId: row.checkout_session_id,
    buyer_email: row.buyer_email ?? row.buyer_profile_email,
    seller_email: row.seller_email,
    facts,
  };
}

/** The provider refunds once per order (its idempotency key is the order); then the buyer is told. */
async function refund(deps: BuyingDeps, order: LoadedOrder) {
  const paymentIntentId =
    order.paymentIntentId ??
    (order.sessionId ? (await deps.payments.retrieveCheckoutSession(order.sessionId)).paymentIntentId : null);
  if (!paymentIntentId) throw new Error(`Order ${order.id} has no payment to refund yet`);
  // `duplicate`: the buyer was charged for a stay that was no longer theirs to buy.
  await deps.payments.refund({ paymentIntentId, orderId: order.id, reason: 'duplicate' });
  await enqueuePaymentJob(deps.db, 'refund_email', order.id, deps.clock());
}

async function send(
  deps: BuyingDeps,
  job: PaymentJobRow,
  to: string | null,
  build: (to: string) => Parameters<BuyingDeps['mailer']['send']>[0],
) {
  if (!to) {
    // Nobody to write to: retrying would not change that.
    deps.logger.warn({ orderId: job.order_id, kind: job.kind }, 'no email address for a payment email');
    return;
  }
  await deps.mailer.send(build(to));
}
