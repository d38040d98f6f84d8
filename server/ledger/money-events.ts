import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { ledgerEntriesOf, postToLedger } from './post.ts';
import { throughProvider, type Amount } from './through-provider.ts';

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

/**
 * A refund the provider reports succeeded: that money left the platform's balance for the buyer. The buyer gets
 * the sale's currency back; the platform's balance loses what the provider booked (`settled`, from the refund's
 * balance transaction, in the settlement currency at the provider's rate of the day), or the refund's own amount
 * when the provider did not say.
 */
export function postRefund(
  trx: Transaction<Database>,
  refund: {
    refundId: string;
    orderId: string;
    amountCents: number;
    currency: string;
    settled: Amount | null;
    now: Date;
  },
) {
  const currency = refund.currency.toUpperCase();
  const settled = refund.settled ?? { amountCents: refund.amountCents, currency };
  return postToLedger(trx, {
    kind: 'refund',
    reference: refund.refundId,
    orderId: refund.orderId,
    currency,
    entries: throughProvider(
      { account: 'buyer_funds', amountCents: refund.amountCents, currency },
      { amountCents: -settled.amountCents, currency: settled.currency.toUpperCase() },
    ),
    now: refund.now,
  });
}

/**
 * The provider settled a charge into the platform's currency (its balance transaction) and took its fee there:
 * the charge's amount leaves the balance in the sale's currency and arrives in the settlement currency, through
 * `exchange` when they differ (`conversion`), and the fee leaves the balance for `provider_fees`
 * (`provider_fee`). Each posts once per balance transaction.
 */
export async function postChargeSettled(
  trx: Transaction<Database>,
  charge: {
    orderId: string;
    /** What the charge received, in the sale's currency. */
    received: Amount;
    balanceTransactionId: string;
    settled: Amount;
    feeCents: number;
    now: Date;
  },
) {
  const sale = charge.received.currency.toUpperCase();
  const settledCurrency = charge.settled.currency.toUpperCase();
  const common = { reference: charge.balanceTransactionId, orderId: charge.orderId, currency: sale, now: charge.now };
  if (sale !== settledCurrency || charge.received.amountCents !== charge.settled.amountCents) {
    await postToLedger(trx, {
      ...common,
      kind: 'conversion',
      entries: throughProvider(
        { account: 'provider_balance', amountCents: -charge.received.amountCents, currency: sale },
        { amountCents: charge.settled.amountCents, currency: settledCurrency },
      ),
    });
  }
  if (charge.feeCents === 0) return;
  await postToLedger(trx, {
    ...common,
    kind: 'provider_fee',
    entries: [
      { account: 'provider_fees', amountCents: charge.feeCents, currency: settledCurrency },
      { account: 'provider_balance', amountCents: -charge.feeCents, currency: settledCurrency },
    ],
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

/**
 * The buyer kept a refunded stay (the hotel would not name the seller again, ADR 0075): what the buyer was
 * refunded, in the sale's currency, is the platform's loss instead of a debt of the buyer's funds, so the sale
 * stands for the seller (its settlement and payout untouched). Posts once per order.
 */
export async function postPlatformLoss(trx: Transaction<Database>, orderId: string, now: Date): Promise<boolean> {
  const refunded = await trx
    .selectFrom('ledger_entries')
    .innerJoin('ledger_transactions', 'ledger_transactions.id', 'ledger_entries.transaction_id')
    .select(['ledger_entries.currency', (eb) => eb.fn.sum<string>('ledger_entries.amount_cents').as('total')])
    .where('ledger_transactions.kind', '=', 'refund')
    .where('ledger_transactions.order_id', '=', orderId)
    .where('ledger_entries.account', '=', 'buyer_funds')
    .groupBy('ledger_entries.currency')
    .execute();
  const [refund] = refunded;
  if (!refund || Number(refund.total) === 0) return false;
  const amountCents = Number(refund.total);
  return postToLedger(trx, {
    kind: 'platform_loss',
    reference: orderId,
    orderId,
    currency: refund.currency,
    entries: [
      { account: 'platform_losses', amountCents },
      { account: 'buyer_funds', amountCents: -amountCents },
    ],
    now,
  });
}
