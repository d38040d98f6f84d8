import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { ledgerEntriesOf, postToLedger } from './post.ts';

/**
 * The ledger transactions of the buying side, each posted in the transaction that records its event. Amounts
 * are what the provider says moved (hundredths of the currency's major unit), never what we meant to move.
 */

/** A buyer's payment landed in the platform's balance; it is owed back to them until the stay is theirs. */
export function postPayment(
  trx: Transaction<Database>,
  payment: { orderId: string; amountCents: number; currency: string; now: Date },
) {
  return postToLedger(trx, {
    kind: 'payment',
    reference: payment.orderId,
    orderId: payment.orderId,
    currency: payment.currency,
    entries: [
      { account: 'provider_balance', amountCents: payment.amountCents },
      { account: 'buyer_funds', amountCents: -payment.amountCents },
    ],
    now: payment.now,
  });
}

/** A refund the provider reports succeeded: that money left the platform's balance for the buyer. */
export function postRefund(
  trx: Transaction<Database>,
  refund: { refundId: string; orderId: string; amountCents: number; currency: string; now: Date },
) {
  return postToLedger(trx, {
    kind: 'refund',
    reference: refund.refundId,
    orderId: refund.orderId,
    currency: refund.currency,
    entries: [
      { account: 'buyer_funds', amountCents: refund.amountCents },
      { account: 'provider_balance', amountCents: -refund.amountCents },
    ],
    now: refund.now,
  });
}

/**
 * Undoes a settled sale (the stay was the buyer's, then the order was refunded): the exact negation of its
 * settlement, so the money is owed to the buyer again and the seller's share and the fee are taken back. Does
 * nothing for a sale never settled, and posts once however often it is called.
 */
export async function unsettleSale(trx: Transaction<Database>, orderId: string, now: Date): Promise<boolean> {
  const settled = await ledgerEntriesOf(trx, 'settlement', orderId);
  if (settled.length === 0) return false;
  const { currency } = await trx
    .selectFrom('ledger_transactions')
    .select('currency')
    .where('kind', '=', 'settlement')
    .where('reference', '=', orderId)
    .executeTakeFirstOrThrow();
  return postToLedger(trx, {
    kind: 'unsettlement',
    reference: orderId,
    orderId,
    currency,
    entries: settled.map((entry) => ({ ...entry, amountCents: -entry.amountCents })),
    now,
  });
}
