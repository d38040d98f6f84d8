import type { Kysely } from 'kysely';
import { EDITABLE_STATUSES } from '../../contract/selling.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { findOwnedListing } from './owned-listing.ts';
import { findListingById } from '../listings/queries.ts';
import { transitionListing } from '../listings/transition.ts';

/**
 * The seller takes their listing off the market. The row stays (status 'withdrawn') with its history, and the
 * reservation may be listed again (asking its hotel afresh where it approves each stay). A listing still waiting
 * for its hotel may be withdrawn; one in a buyer's checkout or already sold is not theirs to withdraw.
 */
export async function withdrawListing(deps: { db: Kysely<Database>; clock: Clock }, userId: string, listingId: string) {
  const { db, clock } = deps;
  await findOwnedListing(db, userId, listingId);
  await inTransaction(db, (trx) =>
    transitionListing(trx, {
      listingId,
      from: [...EDITABLE_STATUSES, 'awaiting_hotel'],
      to: 'withdrawn',
      now: clock(),
      changes: { approval_deadline: null },
    }),
  );
  return findListingById(db, listingId);
}
