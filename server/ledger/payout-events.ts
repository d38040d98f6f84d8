import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { postToLedger } from './post.ts';
import { throughProvider } from './through-provider.ts';

/**
 * The ledger transactions of the selling side, each posted in the transaction that records its event (amounts
 * in hundredths of the currency's major unit).
 */

interface Sale {
  orderId: string;
  sellerId: string;
  currency: string;
  saleCents: number;
  feeCents: number;
  now: Date;
}

/**
 * The stay is the buyer's: what they paid is no longer owed back to them. The platform earns its fee and owes
 * the seller the rest.
 */
export function postSettlement(trx: Transaction<Database>, sale: Sale) {
  return postToLedger(trx, {
    kind: 'settlement',
    reference: sale.orderId,
    orderId: sale.orderId,
    currency: sale.currency,
    entries: [
      { account: 'buyer_funds', amountCents: sale.saleCents },
      { account: 'platform_fees', amountCents: -sale.feeCents },
      { account: 'seller_payable', sellerId: sale.sellerId, amountCents: -(sale.saleCents - sale.feeCents) },
    ],
    now: sale.now,
  });
}

interface Movement {
  /** The provider's transfer or reversal id. */
  reference: string;
  orderId: string;
  sellerId: string;
  /** What it settles of the seller's payable, in the sale's currency. */
  saleCurrency: string;
  saleCents: number;
  /** What the provider moved, in the transfer's currency (the settlement currency). */
  currency: string;
  amountCents: number;
  now: Date;
}

/** A transfer to the seller's payout account: what they were owed left the platform's balance. */
export function postPayout(trx: Transaction<Database>, payout: Movement) {
  const saleCurrency = payout.saleCurrency.toUpperCase();
  return postToLedger(trx, {
    kind: 'payout',
    reference: payout.reference,
    orderId: payout.orderId,
    currency: saleCurrency,
    entries: throughProvider(
      { account: 'seller_payable', sellerId: payout.sellerId, amountCents: payout.saleCents, currency: saleCurrency },
      { amountCents: -payout.amountCents, currency: payout.currency.toUpperCase() },
    ),
    now: payout.now,
  });
}

/** A payout taken back from the seller's account: the money is in the platform's balance again. */
export function postReversal(trx: Transaction<Database>, reversal: Movement) {
  const saleCurrency = reversal.saleCurrency.toUpperCase();
  return postToLedger(trx, {
    kind: 'reversal',
    reference: reversal.reference,
    orderId: reversal.orderId,
    currency: saleCurrency,
    entries: throughProvider(
      {
        account: 'seller_payable',
        sellerId: reversal.sellerId,
        amountCents: -reversal.saleCents,
        currency: saleCurrency,
      },
      { amountCents: reversal.amountCents, currency: reversal.currency.toUpperCase() },
    ),
    now: reversal.now,
  });
}
