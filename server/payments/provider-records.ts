import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Executor } from '../db/transaction.ts';
import { postChargeSettled, postRefund } from '../ledger/money-events.ts';
import type { ProviderPayment, ProviderRefund } from '../ledger/provider-records.ts';

/**
 * The provider's own records of an order's money, written as they become known: the payment intent when the
 * checkout is paid, the charge and the amount it received once read from the provider, and each refund when it
 * is made or reported. The payouts and the ledger post from these, so they are copied exactly (amounts in
 * hundredths of the currency's major unit, as Restay stores money, with their currency) and never guessed.
 */
export async function recordPayment(trx: Transaction<Database>, orderId: string, payment: ProviderPayment, now: Date) {
  const balance = payment.balance;
  await trx
    .updateTable('orders')
    .set({
      payment_intent_id: payment.paymentIntentId,
      charge_id: payment.chargeId,
      amount_received_cents: payment.amountReceivedCents,
      received_currency: payment.currency,
      ...(balance
        ? {
            balance_transaction_id: balance.id,
            settled_currency: balance.currency,
            settled_cents: balance.amountCents,
            provider_fee_cents: balance.feeCents,
            exchange_rate: balance.exchangeRate,
          }
        : {}),
    })
    .where('id', '=', orderId)
    .execute();
  // The ledger's payment is in the sale's currency; the provider booked it in the settlement currency, less its fee.
  if (balance) {
    await postChargeSettled(trx, {
      orderId,
      received: { amountCents: payment.amountReceivedCents, currency: payment.currency },
      balanceTransactionId: balance.id,
      settled: { amountCents: balance.amountCents, currency: balance.currency },
      feeCents: balance.feeCents,
      now,
    });
  }
}

/** The charge behind an order's payment, when an event or a refund names it first. */
export async function recordCharge(trx: Executor, orderId: string, chargeId: string | null) {
  if (!chargeId) return;
  await trx
    .updateTable('orders')
    .set({ charge_id: chargeId })
    .where('id', '=', orderId)
    .where('charge_id', 'is', null)
    .execute();
}

/**
 * Each refund by the provider's id: a new one is added, a known one takes its latest amount and status. A refund
 * that succeeded is posted to the ledger, once.
 */
export async function recordRefunds(
  trx: Transaction<Database>,
  orderId: string,
  refunds: readonly ProviderRefund[],
  now: Date,
) {
  for (const refund of refunds) {
    await trx
      .insertInto('order_refunds')
      .values({
        id: refund.id,
        order_id: orderId,
        charge_id: refund.chargeId,
        amount_cents: refund.amountCents,
        currency: refund.currency,
        status: refund.status,
        created_at: refund.created,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.column('id').doUpdateSet({
          amount_cents: refund.amountCents,
          status: refund.status,
          charge_id: refund.chargeId,
          updated_at: now,
        }),
      )
      .execute();
    await recordCharge(trx, orderId, refund.chargeId);
    if (refund.status === 'succeeded') {
      const { id: refundId, amountCents, currency, settled } = refund;
      await postRefund(trx, { refundId, orderId, amountCents, currency, settled, now });
    }
  }
}

/** Whether the refunds that succeeded give back the whole of what was paid. */
export function refundsCoverPayment(
  refunds: readonly Pick<ProviderRefund, 'status' | 'amountCents'>[],
  paidCents: number,
): boolean {
  const back = refunds
    .filter((refund) => refund.status === 'succeeded')
    .reduce((sum, refund) => sum + refund.amountCents, 0);
  return back >= paidCents;
}
