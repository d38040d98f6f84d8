import type { Updateable } from 'kysely';
import { canTransition, LISTING_STATUSES, type ListingStatus } from '../../contract/listing-status.ts';
import type { Executor } from '../db/transaction.ts';
import type { ListingsTable } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';

/** The columns a status change may set along with the status (e.g. the buyer on `sold`). */
export type TransitionChanges = Omit<Updateable<ListingsTable>, 'status' | 'updated_at' | 'id'>;

export interface ListingTransition {
  listingId: string;
  to: ListingStatus;
  /** The statuses the caller expects the listing to be in; narrowed to those the machine allows into `to`. */
  from: readonly ListingStatus[];
  now: Date;
  changes?: TransitionChanges;
  /** The 409's message when the listing was not in an expected status (e.g. someone else won the race). */
  conflictMessage?: string;
}

/**
 * The only way a listing changes status. The update is guarded by the current status in the caller's
 * transaction, so of two concurrent requests exactly one finds the row in its expected status; the other
 * gets 409 CONFLICT carrying the status it found.
 */
export async function transitionListing(trx: Executor, transition: ListingTransition) {
  const { listingId, to, now, changes = {} } = transition;
  const from = transition.from.filter((status) => canTransition(status, to));
  if (!from.length) throw new Error(`No allowed transition into ${to} from ${transition.from.join(', ')}`);
  const updated = await trx
    .updateTable('listings')
    // A hotel's pause reason belongs to an inactive listing only: any move clears it unless the caller sets it.
    .set({ hotel_pause_reason: null, ...changes, status: to, updated_at: now })
    .where('id', '=', listingId)
    .where('status', 'in', from)
    .returningAll()
    .executeTakeFirst();
  if (updated) return updated;
  const current = await trx.selectFrom('listings').select('status').where('id', '=', listingId).executeTakeFirst();
  if (!current) throw new AppError('NOT_FOUND', 'Listing not found');
  throw new AppError('CONFLICT', transition.conflictMessage ?? conflictMessageFor(current.status), {
    status: current.status,
  });
}

/** Statuses from which the machine allows a move into `to`: the guard a sweep uses for "any that may". */
export function statusesInto(to: ListingStatus): ListingStatus[] {
  return LISTING_STATUSES.filter((status) => canTransition(status, to));
}

function conflictMessageFor(status: ListingStatus): string {
  switch (status) {
    case 'reserved':
      return 'Someone is paying for this stay right now';
    case 'sold':
      return 'This stay has already been sold';
    case 'expired':
      return 'This stay can no longer be sold: its check-in date has passed';
    case 'withdrawn':
      return 'This listing has been withdrawn by its seller';
    default:
      return `This listing is ${status} and cannot be changed that way`;
  }
}
