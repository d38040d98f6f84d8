import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Whether this viewer is the buyer whose open checkout holds the listing. The open order is the hold, so a
 * buyer who started paying in another tab or on another device is recognised without anything the browser kept.
 */
export async function isHeldByViewer(db: Kysely<Database>, listingId: string, viewerId: string): Promise<boolean> {
  const hold = await db
    .selectFrom('orders')
    .select('id')
    .where('listing_id', '=', listingId)
    .where('buyer_id', '=', viewerId)
    .where('state', '=', 'open')
    .executeTakeFirst();
  return hold !== undefined;
}
