import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { DebtSettlement } from '../db/schema-money.ts';
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
  /** The hotel's name-change fee the buyer paid on top of the sale, owed to that hotel; null: none. */
  hotelFee: { hotelId: string; cents: number } | null;
  now: Date;
}

/**
 * The stay is the buyer's: what they paid is no longer owed back to them. The platform earns its fee, owes the
 * seller the rest of the sale and the hotel its name-change fee.
 */
export function postSettlement(trx: Transaction<Database>, sale: Sale) {
  const hotelFee = sale.hotelFee
    ? [
        { account: 'buyer_funds' as const, amountCents: sale.hotelFee.cents },
        { account: 'hotel_payable' as const, hotelId: sale.hotelFee.hotelId, amountCents: -sale.hotelFee.cents },
      ]
    : [];
  return postToLedger(trx, {
    kind: 'settlement',
    reference: sale.orderId,
    orderId: sale.orderId,
    currency: sale.currency,
    entries: [
      { account: 'buyer_funds', amountCents: sale.saleCents },
      { account: 'platform_fees', amountCents: -sale.feeCents },
      { account: 'seller_payable', sellerId: sale.sellerId, amountCents: -(sale.saleCents - sale.feeCents) },
      ...hotelFee,
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

/**
 * The provider refused to take a refunded stay's payout back: the seller owes what the transfer sent. Their
 * payable, left in the sale's currency by the sale's undoing, moves to the transfer's currency (the settlement
 * currency) at the transfer's own rate, through `exchange`, so the debt the ledger keeps is the amount an operator
 * collects (the one `npm run payouts -- debts` lists). Nothing to move when the two are the same amount in one
 * currency.
 */
export function postSellerDebt(trx: Transaction<Database>, debt: Movement) {
  const saleCurrency = debt.saleCurrency.toUpperCase();
  const currency = debt.currency.toUpperCase();
  if (saleCurrency === currency && debt.saleCents === debt.amountCents) return Promise.resolve(false);
  const payable = (amountCents: number, inCurrency: string) => ({
    account: 'seller_payable' as const,
    sellerId: debt.sellerId,
    amountCents,
    currency: inCurrency,
  });
  const entries =
    saleCurrency === currency
      ? [
          payable(-debt.saleCents, currency),
          payable(debt.amountCents, currency),
          { account: 'exchange' as const, amountCents: debt.saleCents - debt.amountCents, currency },
        ]
      : [
          payable(-debt.saleCents, saleCurrency),
          { account: 'exchange' as const, amountCents: debt.saleCents, currency: saleCurrency },
          payable(debt.amountCents, currency),
          { account: 'exchange' as const, amountCents: -debt.amountCents, currency },
        ];
  return postToLedger(trx, {
    kind: 'seller_debt',
    reference: debt.reference,
    orderId: debt.orderId,
    currency: saleCurrency,
    entries,
    now: debt.now,
  });
}

/**
 * An operator recorded how a seller's or a hotel's debt ended: paid back to the platform (`collected_debts`, money
 * received outside the provider's balance) or given up (`written_off_debts`, the platform's loss). Either clears
 * the debtor's payable, in the debt's currency. One order can owe both back (a seller's payout and the hotel's
 * fee), so the hotel's posting is referenced `hotel-debt:<orderId>`, apart from the seller's (the order id).
 */
export function postDebtSettled(
  trx: Transaction<Database>,
  settled: {
    how: DebtSettlement;
    orderId: string;
    debtor: { sellerId: string } | { hotelId: string };
    saleCurrency: string;
    currency: string;
    amountCents: number;
    now: Date;
  },
) {
  const currency = settled.currency.toUpperCase();
  const ofHotel = 'hotelId' in settled.debtor;
  return postToLedger(trx, {
    kind: settled.how === 'collected' ? 'debt_collected' : 'debt_written_off',
    reference: ofHotel ? `hotel-debt:${settled.orderId}` : settled.orderId,
    orderId: settled.orderId,
    currency: settled.saleCurrency.toUpperCase(),
    entries: [
      {
        account: ofHotel ? 'hotel_payable' : 'seller_payable',
        ...settled.debtor,
        amountCents: -settled.amountCents,
        currency,
      },
      {
        account: settled.how === 'collected' ? 'collected_debts' : 'written_off_debts',
        amountCents: settled.amountCents,
        currency,
      },
    ],
    now: settled.now,
  });
}

/**
 * An operator released a payout held after a partial refund, with the seller bearing the refund: what went back
 * to the buyer (`refundedCents` in total, in the sale's currency) comes off the seller's payable, so the buyer is
 * owed nothing more and the seller is paid the rest. Posted once per total refunded (`<orderId>:<total>`); a later
 * release after a further refund posts only the difference.
 */
export async function postShareRefunded(
  trx: Transaction<Database>,
  share: {
    orderId: string;
    sellerId: string;
    currency: string;
    refundedCents: number;
    alreadyCents: number;
    now: Date;
  },
) {
  const cents = share.refundedCents - share.alreadyCents;
  return postToLedger(trx, {
    kind: 'share_refunded',
    reference: `${share.orderId}:${share.refundedCents}`,
    orderId: share.orderId,
    currency: share.currency,
    entries: [
      { account: 'seller_payable', sellerId: share.sellerId, amountCents: cents },
      { account: 'buyer_funds', amountCents: -cents },
    ],
    now: share.now,
  });
}
