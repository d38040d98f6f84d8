import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { DebtSettlement } from '../db/schema-money.ts';
import { inTransaction } from '../db/transaction.ts';
import { postDebtSettled } from '../ledger/payout-events.ts';

/** A seller's debt: the payout of a refunded stay the provider refused to take back from their account. */
export interface SellerDebt {
  orderId: string;
  sellerId: string;
  sellerEmail: string | null;
  /** What the seller was paid and still owes, in hundredths of `currency` (the transfer's, the settlement currency). */
  amountCents: number;
  currency: string;
  transferId: string | null;
  /** When the provider refused the reversal. */
  since: Date;
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
  return debts.map(
    (debt) =>
      `${debt.orderId}\tseller ${debt.sellerId} ${debt.sellerEmail ?? ''}\towes ${(debt.amountCents / 100).toFixed(2)} ` +
      `${debt.currency}\ttransfer ${debt.transferId ?? '?'}\tsince ${debt.since.toISOString()}`,
  );
}

/**
 * An operator records how a seller's debt ended: `collected` (the seller paid it back) or `written_off` (the
 * platform gave up on it). Once: the payout keeps its state (the transfer stays with the seller at the provider),
 * takes the outcome and its time, and the ledger clears the seller's payable into `collected_debts` or
 * `written_off_debts`. Answers the debt settled, or a sentence saying why there is none to settle.
 */
export async function settleSellerDebt(
  deps: { db: Kysely<Database>; clock: () => Date },
  orderId: string,
  how: DebtSettlement,
): Promise<{ settled: SellerDebt } | { refused: string }> {
  return inTransaction(deps.db, async (trx) => {
    const payout = await trx
      .selectFrom('payouts')
      .selectAll()
      .where('order_id', '=', orderId)
      .forUpdate()
      .executeTakeFirst();
    if (!payout || payout.state !== 'reversal_failed')
      return { refused: `Order ${orderId} has no seller's debt: its payout is ${payout?.state ?? 'absent'}.` };
    if (payout.debt_settled)
      return { refused: `The debt of order ${orderId} is already recorded ${payout.debt_settled.replace('_', ' ')}.` };
    const now = deps.clock();
    await trx
      .updateTable('payouts')
      .set({ debt_settled: how, debt_settled_at: now, updated_at: now })
      .where('order_id', '=', orderId)
      .execute();
    const settled: SellerDebt = {
      orderId,
      sellerId: payout.seller_id,
      sellerEmail: null,
      ...owedBy(payout),
      transferId: payout.transfer_id,
      since: new Date(payout.updated_at),
    };
    await postDebtSettled(trx, {
      how,
      orderId,
      sellerId: payout.seller_id,
      saleCurrency: payout.currency,
      currency: settled.currency,
      amountCents: settled.amountCents,
      now,
    });
    return { settled };
  });
}
