import type { Updateable } from 'kysely';
import { canMovePayout, type PayoutState } from '../../contract/payouts.ts';
import type { PayoutsTable } from '../db/schema.ts';
import type { Executor } from '../db/transaction.ts';

/**
 * Moves a payout from one of `from` to `to` in one guarded UPDATE, so two workers (or a send and a refund) racing
 * on the same payout change it once. Answers the updated row, or undefined when it was in no state of `from`.
 */
export async function transitionPayout(
  trx: Executor,
  move: {
    orderId: string;
    from: readonly PayoutState[];
    to: PayoutState;
    now: Date;
    changes?: Omit<Updateable<PayoutsTable>, 'state' | 'updated_at'>;
  },
) {
  const illegal = move.from.filter((from) => !canMovePayout(from, move.to));
  if (illegal.length) throw new Error(`a payout cannot move from ${illegal.join(', ')} to ${move.to}`);
  return trx
    .updateTable('payouts')
    .set({ ...move.changes, state: move.to, updated_at: move.now })
    .where('order_id', '=', move.orderId)
    .where('state', 'in', move.from)
    .returningAll()
    .executeTakeFirst();
}

export type PayoutRow = NonNullable<Awaited<ReturnType<typeof transitionPayout>>>;
