import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { DebtSettlement } from '../db/schema-money.ts';
import { inTransaction } from '../db/transaction.ts';
import { postDebtSettled } from '../ledger/payout-events.ts';

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

/** The debt as `read` finds it under the payout's lock: whose payable the ledger clears, from which sale. */
interface DebtRead<Settled extends Debt> {
  debt: Settled;
  debtor: { sellerId: string } | { hotelId: string };
  saleCurrency: string;
}

/**
 * Records once how a debt ended: its payout row is locked, refused (a sentence) unless it is a refused reversal
 * not yet settled; otherwise the debt `read` finds is posted to the ledger (postDebtSettled) and the payout keeps
 * its state (the transfer stays with the debtor at the provider) and takes the outcome and its time, all in one
 * transaction. Answers the debt settled.
 */
export async function settleDebt<Settled extends Debt>(
  deps: { db: Kysely<Database>; clock: () => Date },
  payout: DebtPayout,
  orderId: string,
  how: DebtSettlement,
  read: (trx: Transaction<Database>) => Promise<DebtRead<Settled>>,
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
    // Read before the update, which moves updated_at: a debt is owed since its payout last changed.
    const { debt, debtor, saleCurrency } = await read(trx);
    const now = deps.clock();
    await postDebtSettled(trx, {
      how,
      orderId,
      debtor,
      saleCurrency,
      currency: debt.currency,
      amountCents: debt.amountCents,
      now,
    });
    await trx
      .updateTable(payout.table)
      .set({ debt_settled: how, debt_settled_at: now, updated_at: now })
      .where('order_id', '=', orderId)
      .execute();
    return { settled: debt };
  });
}
