import type { Kysely } from 'kysely';
import { sellerShareCents } from '../../contract/payouts.ts';
import type { Database } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { enqueuePendingJob } from '../jobs/enqueue.ts';
import { postShareRefunded } from '../ledger/payout-events.ts';
import { refundedCentsOf } from '../orders/hold-payout.ts';
import { transitionPayout } from '../orders/payout-transition.ts';
import { PAYOUT_JOBS } from './jobs.ts';

/** A payout held after a partial refund of its sale, as `npm run payouts -- held` lists it. */
export interface HeldPayout {
  orderId: string;
  sellerId: string;
  sellerEmail: string | null;
  /** In hundredths of `currency`, the sale's. */
  saleCents: number;
  /** The seller's share as scheduled: the sale less the platform's fee (less what an earlier release took off). */
  shareCents: number;
  refundedCents: number;
  currency: string;
  since: Date;
}

/** Every held payout, oldest first, with what the provider's refunds of its sale gave back so far. */
export async function listHeldPayouts(db: Kysely<Database>): Promise<HeldPayout[]> {
  const rows = await db
    .selectFrom('payouts')
    .leftJoin('profiles as seller', 'seller.id', 'payouts.seller_id')
    .select([
      'payouts.order_id',
      'payouts.seller_id',
      'seller.email',
      'payouts.sale_cents',
      'payouts.fee_cents',
      'payouts.refunded_cents',
      'payouts.currency',
      'payouts.updated_at',
    ])
    .where('payouts.state', '=', 'held')
    .orderBy('payouts.updated_at')
    .orderBy('payouts.order_id')
    .execute();
  return Promise.all(
    rows.map(async (row) => ({
      orderId: row.order_id,
      sellerId: row.seller_id,
      sellerEmail: row.email,
      saleCents: row.sale_cents,
      shareCents: sellerShareCents(row),
      refundedCents: await refundedCentsOf(db, row.order_id),
      currency: row.currency,
      since: new Date(row.updated_at),
    })),
  );
}

const major = (cents: number) => (cents / 100).toFixed(2);

/** One line per held payout, as `npm run payouts -- held` prints them. */
export function heldPayoutLines(held: readonly HeldPayout[]): string[] {
  if (!held.length) return ['No payout is held.'];
  return held.map(
    (payout) =>
      `${payout.orderId}\tseller ${payout.sellerId} ${payout.sellerEmail ?? ''}\tsale ${major(payout.saleCents)} ` +
      `${payout.currency}\tshare ${major(payout.shareCents)}\trefunded ${major(payout.refundedCents)}\t` +
      `held since ${payout.since.toISOString()}`,
  );
}

/**
 * An operator releases a held payout to the seller, who bears the partial refund: the payout is scheduled again
 * for their share less everything refunded (the ledger moves that part of their payable back to the buyer's
 * funds: postShareRefunded) and the send job is queued, due at the payout's release time. Refused, changing nothing, when the payout is
 * not held or the refunds leave the seller nothing (then refund the buyer the rest: `npm run orders -- refund`,
 * which cancels the payout). Answers what the seller will be paid, in the sale's currency.
 */
export async function releaseHeldPayout(
  deps: { db: Kysely<Database>; clock: () => Date },
  orderId: string,
): Promise<
  { released: { payCents: number; refundedCents: number; currency: string; releaseAt: Date } } | { refused: string }
> {
  return inTransaction(deps.db, async (trx) => {
    const payout = await trx
      .selectFrom('payouts')
      .selectAll()
      .where('order_id', '=', orderId)
      .forUpdate()
      .executeTakeFirst();
    if (payout?.state !== 'held')
      return { refused: `Order ${orderId} has no held payout: its payout is ${payout?.state ?? 'absent'}.` };
    const refundedCents = await refundedCentsOf(trx, orderId);
    const payCents = payout.sale_cents - payout.fee_cents - refundedCents;
    if (payCents <= 0)
      return {
        refused:
          `The refunds of order ${orderId} (${major(refundedCents)} ${payout.currency}) leave its seller nothing: ` +
          `refund the rest with npm run orders -- refund ${orderId} --reason operator.`,
      };
    const now = deps.clock();
    await postShareRefunded(trx, {
      orderId,
      sellerId: payout.seller_id,
      currency: payout.currency,
      refundedCents,
      alreadyCents: payout.refunded_cents,
      now,
    });
    await transitionPayout(trx, {
      orderId,
      from: ['held'],
      to: 'scheduled',
      now,
      changes: { refunded_cents: refundedCents },
      actor: 'operator',
      reason: `released for the seller's share less ${major(refundedCents)} ${payout.currency} refunded`,
    });
    // Due at its release time as before (the send job that held it may still be waiting for it, or done).
    const releaseAt = payout.release_at > now ? payout.release_at : now;
    await enqueuePendingJob(trx, PAYOUT_JOBS.send, orderId, { orderId }, now, releaseAt);
    return { released: { payCents, refundedCents, currency: payout.currency, releaseAt } };
  });
}
