import { z } from 'zod';
import type { ListingStatus } from '../../contract/listing-status.ts';
import type { Executor } from '../db/transaction.ts';
import { enqueuePendingJob } from '../jobs/enqueue.ts';
import { defineJobType } from '../jobs/job-type.ts';
import { transitionListing } from '../listings/transition.ts';
import { pauseReasonText } from './facts.ts';
import type { PolicyReason } from './verdict.ts';

/** The seller's email that the hotel paused their listing, and why. */
export const LISTING_PAUSED_EMAIL = defineJobType(
  'resale_policy.listing_paused_email',
  z.object({ listingId: z.guid(), reason: z.string().min(1).max(4_000) }),
);

/** The seller's email that the hotel allows resale again and their listing is back on sale. */
export const LISTING_RESUMED_EMAIL = defineJobType(
  'resale_policy.listing_resumed_email',
  z.object({ listingId: z.guid() }),
);

/**
 * Takes a listing off the market because its hotel no longer allows it (or keeps it off with a new reason):
 * inactive, with the reason its seller reads in My Listings and by email. Only one email per distinct reason.
 */
export async function pauseForHotel(
  trx: Executor,
  listing: { id: string; status: ListingStatus; hotel_pause_reason: string | null },
  reasons: PolicyReason[],
  now: Date,
): Promise<boolean> {
  const reason = pauseReasonText(reasons);
  if (listing.status === 'inactive') {
    // The seller's own pause is theirs to end; a hotel pause only takes the new reason.
    if (listing.hotel_pause_reason === null || listing.hotel_pause_reason === reason) return false;
    const updated = await trx
      .updateTable('listings')
      .set({ hotel_pause_reason: reason, updated_at: now })
      .where('id', '=', listing.id)
      .where('status', '=', 'inactive')
      .where('hotel_pause_reason', 'is not', null)
      .executeTakeFirst();
    if (!updated.numUpdatedRows) return false;
  } else {
    await transitionListing(trx, {
      listingId: listing.id,
      from: [listing.status],
      to: 'inactive',
      now,
      changes: { hotel_pause_reason: reason },
    });
  }
  await enqueuePendingJob(trx, LISTING_PAUSED_EMAIL, listing.id, { listingId: listing.id, reason }, now);
  return true;
}

/** Puts a listing the hotel paused back on the market once the hotel allows it again, and tells its seller. */
export async function resumeForHotel(trx: Executor, listingId: string, now: Date): Promise<void> {
  await transitionListing(trx, {
    listingId,
    from: ['inactive'],
    to: 'active',
    now,
    changes: { hotel_pause_reason: null },
  });
  await enqueuePendingJob(trx, LISTING_RESUMED_EMAIL, listingId, { listingId }, now);
}
