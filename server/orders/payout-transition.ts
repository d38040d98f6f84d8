import type { Updateable } from 'kysely';
import { canMovePayout, type PayoutState } from '../../contract/payouts.ts';
import type { PayoutsTable } from '../db/schema.ts';
import type { Payee } from '../ledger/provider-records.ts';
import type { Executor } from '../db/transaction.ts';

/** Who moved a payout and why, kept in its history (payout_events). */
export interface PayoutCause {
  /** The job, webhook or command that made the change, e.g. `payouts.send`, `account.updated`. */
  actor: string;
  /** What happened, in words, e.g. `transfer tr_123 made`. */
  reason: string;
}

/**
 * Moves a payout from one of `from` to `to` with a guarded UPDATE in the caller's transaction, plus the history
 * row (who, what, when), as orders do: of two workers (or a send and a refund) racing on the same payout exactly
 * one changes it. Answers the updated row, or undefined when it was in no state of `from`.
 */
export async function transitionPayout(
  trx: Executor,
  move: {
    orderId: string;
    from: readonly PayoutState[];
    to: PayoutState;
    now: Date;
    changes?: Omit<Updateable<PayoutsTable>, 'state' | 'updated_at' | 'sale_cents' | 'fee_cents' | 'seller_id'>;
    /** Whose payout of the order moves: the seller's (`payouts`, when absent) or the hotel's (`hotel_payouts`). */
    payee?: Payee;
  } & PayoutCause,
) {
  const illegal = move.from.filter((from) => !canMovePayout(from, move.to));
  if (illegal.length) throw new Error(`a payout cannot move from ${illegal.join(', ')} to ${move.to}`);
  // Both tables share the columns read and written here (order_id, state, the transfer's and reversal's).
  const table = move.payee === 'hotel' ? ('hotel_payouts' as 'payouts') : 'payouts';
  const before = await trx
    .selectFrom(table)
    .select('state')
    .where('order_id', '=', move.orderId)
    .where('state', 'in', move.from)
    .forUpdate()
    .executeTakeFirst();
  if (!before) return undefined;
  const moved = await trx
    .updateTable(table)
    .set({ ...move.changes, state: move.to, updated_at: move.now })
    .where('order_id', '=', move.orderId)
    .where('state', '=', before.state)
    .returningAll()
    .executeTakeFirst();
  if (moved) await recordPayoutEvent(trx, move.orderId, before.state, move.to, move, move.now, move.payee);
  return moved;
}

/** Writes one row of a payout's history; `from` is null for its creation. */
export async function recordPayoutEvent(
  trx: Executor,
  orderId: string,
  from: PayoutState | null,
  to: PayoutState,
  cause: PayoutCause,
  at: Date,
  payee: Payee = 'seller',
) {
  await trx
    .insertInto('payout_events')
    .values({ order_id: orderId, from_state: from, to_state: to, actor: cause.actor, reason: cause.reason, at, payee })
    .execute();
}

export type PayoutRow = NonNullable<Awaited<ReturnType<typeof transitionPayout>>>;
