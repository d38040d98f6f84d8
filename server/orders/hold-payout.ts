import type { Logger } from 'pino';
import type { Executor } from '../db/transaction.ts';
import { transitionPayout } from './payout-transition.ts';

/** What the provider's succeeded refunds of the order gave back, in the sale's currency. */
export async function refundedCentsOf(trx: Executor, orderId: string): Promise<number> {
  const { total } = await trx
    .selectFrom('order_refunds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('total'))
    .where('order_id', '=', orderId)
    .where('status', '=', 'succeeded')
    .executeTakeFirstOrThrow();
  return Number(total);
}

/**
 * Part of a sale still standing was refunded (by hand in the provider's dashboard): what the seller is owed is no
 * longer the share the payout was scheduled for, and only an operator can say who bears the refund, so a payout
 * not yet sent is held (`held`, with its history row) and the operator is warned; `npm run payouts -- held` lists
 * it and `npm run payouts -- release` ends it. Answers whether it was held (a payout already sent, cancelled or
 * held changes nothing).
 */
export async function holdPayoutForPartialRefund(
  trx: Executor,
  hold: { orderId: string; refundedCents: number; now: Date; actor: string; logger: Logger },
): Promise<boolean> {
  const held = await transitionPayout(trx, {
    orderId: hold.orderId,
    from: ['scheduled', 'waiting_account'],
    to: 'held',
    now: hold.now,
    actor: hold.actor,
    reason: `${hold.refundedCents} of the sale was refunded: held until an operator releases it`,
  });
  if (held)
    hold.logger.warn(
      { orderId: hold.orderId, refundedCents: hold.refundedCents, currency: held.currency },
      'a sale was partly refunded: its payout is held for an operator (npm run payouts -- held)',
    );
  return held !== undefined;
}
