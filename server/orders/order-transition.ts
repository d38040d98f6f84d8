import type { Updateable } from 'kysely';
import { canTransitionOrder, type OrderState } from '../../contract/order-state.ts';
import type { OrdersTable } from '../db/schema.ts';
import type { Executor } from '../db/transaction.ts';
import { AppError } from '../http/errors.ts';

export interface OrderTransition {
  orderId: string;
  to: OrderState;
  /** The states the caller expects the order to be in; narrowed to those the machine allows into `to`. */
  from: readonly OrderState[];
  now: Date;
  /** Why, kept in the order's history (e.g. `checkout.session.completed`, `hold expired`). */
  reason: string;
  changes?: Omit<Updateable<OrdersTable>, 'id' | 'state' | 'updated_at'>;
}

/**
 * The only way an order changes state (the machine is contract/order-state.ts): an update guarded by the current state in the caller's transaction,
 * plus the history row with its time. Of two concurrent callers exactly one wins; the other gets 409.
 */
export async function transitionOrder(trx: Executor, transition: OrderTransition) {
  const { orderId, to, now, reason, changes = {} } = transition;
  const from = transition.from.filter((state) => canTransitionOrder(state, to));
  if (!from.length) throw new Error(`No allowed order transition into ${to} from ${transition.from.join(', ')}`);
  const before = await trx
    .selectFrom('orders')
    .select('state')
    .where('id', '=', orderId)
    .where('state', 'in', from)
    .forUpdate()
    .executeTakeFirst();
  if (!before) throw new AppError('CONFLICT', `This order can no longer become ${to}`);
  const updated = await trx
    .updateTable('orders')
    .set({ ...changes, state: to, updated_at: now })
    .where('id', '=', orderId)
    .where('state', '=', before.state)
    .returningAll()
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('order_events')
    .values({ order_id: orderId, from_state: before.state, to_state: to, reason, at: now })
    .execute();
  return updated;
}

/** Records an order's first state (its creation) in the history. */
export async function recordOrderCreated(trx: Executor, orderId: string, now: Date, reason: string) {
  await trx
    .insertInto('order_events')
    .values({ order_id: orderId, from_state: null, to_state: 'open', reason, at: now })
    .execute();
}
