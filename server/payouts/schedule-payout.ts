import type { Transaction } from 'kysely';
import { platformFeeCents } from '../../contract/payouts.ts';
import type { Database } from '../db/schema.ts';
import { enqueueJob } from '../jobs/enqueue.ts';
import { postSettlement } from '../ledger/payout-events.ts';
import { PAYOUT_JOBS } from './jobs.ts';
import type { PayoutPolicy } from './policy.ts';

export interface SettledSale {
  orderId: string;
  sellerId: string;
  currency: string;
  saleCents: number;
  checkInUtc: Date;
}

/**
 * In the transaction that records the stay as the buyer's: the sale is settled in the ledger (the fee earned,
 * the rest owed to the seller) and the seller's payout is scheduled for its release time, with the job that
 * sends it. Once per order however often it is called.
 */
export async function schedulePayout(
  trx: Transaction<Database>,
  sale: SettledSale,
  policy: PayoutPolicy,
  now: Date,
): Promise<void> {
  const feeCents = platformFeeCents(sale.saleCents, policy.feePercent);
  const releaseAt = policy.release === 'check_in' && sale.checkInUtc > now ? sale.checkInUtc : now;
  const scheduled = await trx
    .insertInto('payouts')
    .values({
      order_id: sale.orderId,
      seller_id: sale.sellerId,
      currency: sale.currency.toUpperCase(),
      sale_cents: sale.saleCents,
      fee_cents: feeCents,
      state: 'scheduled',
      release_at: releaseAt,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('order_id').doNothing())
    .returning('order_id')
    .executeTakeFirst();
  if (!scheduled) return;
  await postSettlement(trx, { ...sale, feeCents, now });
  await enqueueJob(trx, PAYOUT_JOBS.send, sale.orderId, { orderId: sale.orderId }, now, releaseAt);
}
