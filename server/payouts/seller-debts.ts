import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { DebtSettlement } from '../db/schema-money.ts';
import { debtLine, settleDebt, type Debt } from './debts.ts';

/**
 * A seller's debt: the payout of a refunded stay the provider refused to take back from their account. What they
 * were paid and still owes is in the transfer's currency (the settlement currency).
 */
export interface SellerDebt extends Debt {
  sellerId: string;
  sellerEmail: string | null;
}

/**
 * Every payout left `reversal_failed` whose outcome no operator recorded yet, oldest first: the refunded buyer got
 * their money back, the seller kept theirs, and the ledger holds it as the seller's positive payable in the
 * transfer's currency until an operator records it collected or written off (settleSellerDebt).
 */
export async function listSellerDebts(db: Kysely<Database>): Promise<SellerDebt[]> {
  const rows = await db
    .selectFrom('payouts')
    .leftJoin('profiles as seller', 'seller.id', 'payouts.seller_id')
    .select([
      'payouts.order_id',
      'payouts.seller_id',
      'seller.email',
      'payouts.sale_cents',
      'payouts.fee_cents',
      'payouts.currency',
      'payouts.payout_cents',
      'payouts.payout_currency',
      'payouts.transfer_id',
      'payouts.updated_at',
    ])
    .where('payouts.state', '=', 'reversal_failed')
    .where('payouts.debt_settled', 'is', null)
    .orderBy('payouts.updated_at')
    .orderBy('payouts.order_id')
    .execute();
  return rows.map((row) => ({
    orderId: row.order_id,
    sellerId: row.seller_id,
    sellerEmail: row.email,
    ...owedBy(row),
    transferId: row.transfer_id,
    since: new Date(row.updated_at),
  }));
}

/**
 * What the seller of a refused reversal owes: what the transfer sent, in its currency (the settlement currency);
 * for a payout sent before that was kept, their share of the sale in its currency.
 */
export function owedBy(payout: {
  sale_cents: number;
  fee_cents: number;
  currency: string;
  payout_cents: number | null;
  payout_currency: string | null;
}) {
  return {
    amountCents: payout.payout_cents ?? payout.sale_cents - payout.fee_cents,
    currency: payout.payout_currency ?? payout.currency,
  };
}

/** One line per debt, as `npm run payouts -- debts` prints them. */
export function sellerDebtLines(debts: readonly SellerDebt[]): string[] {
  if (!debts.length) return ['No seller owes a payout back.'];
  return debts.map((debt) => debtLine(debt, `seller ${debt.sellerId} ${debt.sellerEmail ?? ''}`));
}

/**
 * An operator records how a seller's debt ended: `collected` (the seller paid it back) or `written_off` (the
 * platform gave up on it). Once (settleDebt): the ledger clears the seller's payable into `collected_debts` or
 * `written_off_debts`. Answers the debt settled, or a sentence saying why there is none to settle.
 */
export function settleSellerDebt(
  deps: { db: Kysely<Database>; clock: () => Date },
  orderId: string,
  how: DebtSettlement,
): Promise<{ settled: SellerDebt } | { refused: string }> {
  const payout = { table: 'payouts', debtor: 'seller', payoutName: 'payout', debtName: 'debt' } as const;
  return settleDebt(deps, payout, orderId, how, async (trx) => {
    const row = await trx.selectFrom('payouts').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
    const debt: SellerDebt = {
      orderId,
      sellerId: row.seller_id,
      sellerEmail: null,
      ...owedBy(row),
      transferId: row.transfer_id,
      since: new Date(row.updated_at),
    };
    return { debt, debtor: { sellerId: row.seller_id }, saleCurrency: row.currency };
  });
}
