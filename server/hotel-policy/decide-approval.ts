import { z } from 'zod';
import type { RejectionReason } from '../../contract/stay-approvals.ts';
import { enqueueListingAlert } from '../alerts/job-types.ts';
import { inTransaction, type Executor } from '../db/transaction.ts';
import { AppError, notFound } from '../http/errors.ts';
import { enqueueJob, enqueuePendingJob } from '../jobs/enqueue.ts';
import { defineJobType } from '../jobs/job-type.ts';
import { transitionListing } from '../listings/transition.ts';
import { APPLY_HOTEL_POLICY } from '../resale-policy/apply-job.ts';
import { listingsWithHotel } from '../resale-policy/ask-hotel.ts';
import type { BuyingDeps } from '../payments/deps.ts';

/** The seller's email about the hotel's decision (approved: on sale; rejected: why). */
export const APPROVAL_DECIDED_EMAIL = defineJobType('approvals.decided_email', z.object({ decisionId: z.guid() }));

export type ApprovalDecisionInput =
  { decision: 'approved' } | { decision: 'rejected'; reason: RejectionReason; note?: string | undefined };

const NO_LONGER_WAITING = 'This listing is no longer waiting for the hotel to approve it.';

/** A listing of this hotel's (its reservation is at the hotel), with what a decision needs; 404 otherwise. */
export async function listingAtHotel(db: Executor, hotelId: string, listingId: unknown) {
  const id = z.guid().safeParse(listingId);
  if (!id.success) throw notFound('Listing');
  const listing = await listingsWithHotel(db)
    .select(['listings.id', 'listings.status', 'listings.price_cents', 'listings.approval_deadline'])
    .where('hotels.id', '=', hotelId)
    .where('listings.id', '=', id.data)
    .executeTakeFirst();
  if (!listing) throw notFound('Listing');
  return listing;
}

/**
 * The hotel approves or rejects a listing waiting for it: one transaction, guarded on `awaiting_hotel` by the
 * listing's transition, so of two decisions (two staff, or staff and the deadline job) exactly one is taken and
 * the other is 409 with nothing changed. The decision is kept with who took it (null: the deadline job) and
 * the seller is emailed; an approved listing is on sale at once, at the price the hotel approved.
 */
export async function decideApproval(
  deps: Pick<BuyingDeps, 'db' | 'clock'>,
  hotelId: string,
  listingId: unknown,
  input: ApprovalDecisionInput,
  decidedBy: string | null,
) {
  const now = deps.clock();
  const listing = await listingAtHotel(deps.db, hotelId, listingId);
  if (listing.status !== 'awaiting_hotel')
    throw new AppError('CONFLICT', NO_LONGER_WAITING, { status: listing.status });
  return inTransaction(deps.db, async (trx) => {
    const approved = input.decision === 'approved';
    const decided = await transitionListing(trx, {
      listingId: listing.id,
      from: ['awaiting_hotel'],
      to: approved ? 'active' : 'rejected_by_hotel',
      now,
      changes: approved ? { approval_deadline: null, approved_price_cents: listing.price_cents } : {},
      conflictMessage: NO_LONGER_WAITING,
    });
    const { id: decisionId } = await trx
      .insertInto('listing_approval_decisions')
      .values({
        listing_id: listing.id,
        hotel_id: hotelId,
        decision: input.decision,
        reason: input.decision === 'rejected' ? input.reason : null,
        note: (input.decision === 'rejected' && input.note) || null,
        price_cents: decided.price_cents,
        decided_by: decidedBy,
        decided_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await enqueueJob(trx, APPROVAL_DECIDED_EMAIL, decisionId, { decisionId }, now);
    if (approved) {
      await enqueueListingAlert(trx, { listingId: listing.id, reason: 'new' }, now);
      // The policy may have changed while the listing waited: the hotel's pass pauses it if it no longer complies.
      await enqueuePendingJob(trx, APPLY_HOTEL_POLICY, hotelId, { hotelId }, now);
    }
    return { listingId: listing.id, status: decided.status, decisionId };
  });
}
