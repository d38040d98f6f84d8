import type { VerifiedUser } from '../auth/token-verifier.ts';
import { AppError, notFound } from '../http/errors.ts';
import type { BuyingDeps } from './deps.ts';

/** The order behind a checkout session, for its buyer only. */
export async function findBuyersOrder(deps: Pick<BuyingDeps, 'db'>, user: VerifiedUser, sessionId: string) {
  const order = await deps.db
    .selectFrom('orders')
    .selectAll()
    .where('checkout_session_id', '=', sessionId)
    .executeTakeFirst();
  if (!order) throw notFound('Checkout');
  if (order.buyer_id !== user.id) throw new AppError('FORBIDDEN', 'This checkout belongs to another user');
  return order;
}
