import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';

/**
 * Locks an order and its listing for the rest of the transaction, the listing first: creating a hold locks
 * the listing before it inserts the order, so every path taking both in this order can never deadlock.
 */
export async function lockOrderAndListing(trx: Transaction<Database>, orderId: string) {
  const ref = await trx.selectFrom('orders').select('listing_id').where('id', '=', orderId).executeTakeFirst();
  if (!ref) throw notFound('Order');
  const listing = await trx
    .selectFrom('listings')
    .select(['id', 'status', 'start_utc'])
    .where('id', '=', ref.listing_id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const order = await trx
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', orderId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return { order, listing };
}
