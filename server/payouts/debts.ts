import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { DebtSettlement } from '../db/schema-money.ts';
import { inTransaction } from '../db/transaction.ts';

/**
 * What the sellers' and the hotels' debts share: a transfer the provider refused to take back after a refund, left
 * `reversal_failed` on its payout (a seller's in `payouts`, a hotel's fee in `hotel_payouts`) until an operator
 * records how it ended.
 */
export interface Debt {
  orderId: string;
  /** What is owed, in hundredths of `currency`: what the ledger keeps as the debtor's payable. */
  amountCents: number;
  currency: string;
  transferId: string | null;
  /** When the provider refused the reversal. */
  since: Date;
}

/** One debt as `npm run payouts -- debts` prints it; `debtor` names who owes it, `note` follows the amount. */
export function debtLine(debt: Debt, debtor: string, note = ''): string {
  return (
    `${debt.orderId}\t${debtor}\towes ${(debt.amountCents / 100).toFixed(2)} ${debt.currency}${note}\t` +
    `transfer ${debt.transferId ?? '?'}\tsince ${debt.since.toISOString()}`
  );
}

/** The debt's payout, and the words its refusals use. */
interface DebtPayout {
  table: 'payouts' | 'hotel_payouts';
  debtor: 'seller' | 'hotel';
  /** How the order's payout in that table is called ("payout", "fee payout"). */
  payoutName: string;
  /** How a debt already settled is called ("debt", "hotel's debt"). */
  debtName: string;
}

/**
 * Records once how a debt ended: its payout row is locked, refused (a sentence) unless it is a refused reversal
 * not yet settled; otherwise `record` posts it to the ledger, answering the debt settled, and the payout keeps its
 * state (the transfer stays with the debtor at the provider) and takes the outcome and its time, all in one
 * transaction.
 */
export async function settleDebt<Settled>(
  deps: { db: Kysely<Database>; clock: () => Date },
  payout: DebtPayout,
  orderId: string,
  how: DebtSettlement,
  record: (trx: Transaction<Database>, now: Date) => Promise<Settled>,
): Promise<{ settled: Settled } | { refused: string }> {
  return inTransaction(deps.db, async (trx) => {
    const locked = await trx
      .selectFrom(payout.table)
      .select(['state', 'debt_settled'])
      .where('order_id', '=', orderId)
      .forUpdate()
      .executeTakeFirst();
    if (!locked || locked.state !== 'reversal_failed') {
      const state = locked?.state ?? 'absent';
      return { refused: `Order ${orderId} has no ${payout.debtor}'s debt: its ${payout.payoutName} is ${state}.` };
    }
    if (locked.debt_settled) {
      const recorded = locked.debt_settled.replace('_', ' ');
      return { refused: `The ${payout.debtName} of order ${orderId} is already recorded ${recorded}.` };
    }
    const now = deps.clock();
    // Recorded before the update, which moves updated_at: a debt is owed since its payout last changed.
    const settled = await record(trx, now);
    await trx
      .updateTable(payout.table)
      .set({ debt_settled: how, debt_settled_at: now, updated_at: now })
      .where('order_id', '=', orderId)
      .execute();
    return { settled };
  });
}
