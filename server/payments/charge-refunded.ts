import { z } from 'zod';
import { inTransaction } from '../db/transaction.ts';
import type { BuyingDeps } from './deps.ts';
import { confirmRefund } from './confirm-refund.ts';
import { holdPayoutForPartialRefund, refundedCentsOf } from '../orders/hold-payout.ts';
import { recordCharge, recordRefunds } from './provider-records.ts';
import type { ProviderCharge } from './stripe/payments.ts';

/**
 * `charge.refunded`: the provider refunded (part of) a payment, whether Restay asked (the refund job) or someone
 * refunded it by hand in the provider's dashboard. The event's charge no longer lists its refunds, so they are
 * read from the provider and recorded. Once the whole charge is refunded the order ends `refunded` through the
 * machine (from `refund_pending`, or straight from a sale when the refund was made outside the product, with
 * the reason "refunded by hand") and the buyer is told; a part refunded of a sale that stands holds its payout
 * for an operator (holdPayoutForPartialRefund). A redelivery, or a second event for the same charge,
 * finds the order refunded and changes nothing.
 */
export async function handleChargeRefunded(deps: BuyingDeps, charge: ProviderCharge): Promise<boolean> {
  const order = await findOrderForCharge(deps, charge);
  if (!order) {
    deps.logger.warn(
      { chargeId: charge.id, paymentIntentId: charge.paymentIntentId },
      'charge.refunded for no known order',
    );
    return false;
  }
  const paymentIntentId = charge.paymentIntentId ?? order.payment_intent_id;
  const refunds = paymentIntentId ? await deps.payments.listRefunds(paymentIntentId) : [];
  return inTransaction(deps.db, async (trx) => {
    const now = deps.clock();
    await recordCharge(trx, order.id, charge.id);
    await recordRefunds(trx, order.id, refunds, now);
    // A partial refund is recorded, and the payout of a sale it leaves standing is held for an operator; the
    // order is refunded only when all of the charge is.
    if (!charge.refunded) {
      const refundedCents = await refundedCentsOf(trx, order.id);
      const held = await holdPayoutForPartialRefund(trx, {
        orderId: order.id,
        refundedCents,
        now,
        actor: 'charge.refunded',
        logger: deps.logger,
      });
      if (!held) deps.logger.info({ orderId: order.id, refundedCents }, 'a partial refund recorded; no payout held');
      return true;
    }
    const confirmed = await confirmRefund(trx, {
      orderId: order.id,
      now,
      source: 'charge.refunded',
      reasonIfNone: 'refunded_by_provider',
    });
    if (!confirmed)
      deps.logger.info({ orderId: order.id }, 'charge.refunded changed nothing: the order is already past it');
    return true;
  });
}

/** The order a charge paid for: by its payment intent or charge id, else by the order id in its metadata. */
async function findOrderForCharge(deps: Pick<BuyingDeps, 'db'>, charge: ProviderCharge) {
  const query = deps.db.selectFrom('orders').select(['id', 'payment_intent_id']);
  const byPayment = await query
    .where((eb) =>
      eb.or([
        eb('charge_id', '=', charge.id),
        ...(charge.paymentIntentId ? [eb('payment_intent_id', '=', charge.paymentIntentId)] : []),
      ]),
    )
    .executeTakeFirst();
  if (byPayment) return byPayment;
  const orderId = z.uuid().safeParse(charge.metadata.orderId);
  return orderId.success ? query.where('id', '=', orderId.data).executeTakeFirst() : undefined;
}
