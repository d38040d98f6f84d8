import type { Kysely } from 'kysely';
import { toCents } from '../../contract/money.ts';
import { EDITABLE_STATUSES, type UpdateListingRequest } from '../../contract/selling.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { inTransaction, type Executor } from '../db/transaction.ts';
import { enqueueListingAlert } from '../alerts/job-types.ts';
import type { ListingStatus } from '../../contract/listing-status.ts';
import { AppError } from '../http/errors.ts';
import { chosenImage, imageOptions } from './image-options.ts';
import { assertChargeablePrice, assertHonestPrice } from './pricing.ts';
import { assertEditable, findOwnedListing } from './owned-listing.ts';
import { findListingById } from '../listings/queries.ts';
import { transitionListing, type TransitionChanges } from '../listings/transition.ts';
import { hotelRulesOnEdit } from './hotel-rules-on-edit.ts';
import { hotelApprovalAskOnRaise } from './hotel-approval-ask.ts';
import { askHotel } from '../resale-policy/ask-hotel.ts';

export interface UpdateListingDependencies {
  db: Kysely<Database>;
  clock: Clock;
  maxMarkupPercent: number;
}

/**
 * A seller changes their listing's text, price or photo, or pauses (inactive) or resumes (active) it. Only
 * while it is active or inactive: every write is guarded by that status, so a buyer's checkout that starts in
 * between wins and the seller gets 409. A price raised above the one the hotel approved waits for the hotel again.
 */
export async function updateListing(
  deps: UpdateListingDependencies,
  userId: string,
  listingId: string,
  input: UpdateListingRequest,
) {
  const { db, clock, maxMarkupPercent } = deps;
  const listing = await findOwnedListing(db, userId, listingId);
  assertEditable(listing.status);
  const now = clock();

  const changes: TransitionChanges = {};
  if (input.title !== undefined) changes.title = input.title;
  if (input.description !== undefined) changes.description = input.description || null;
  if (input.location !== undefined) changes.location = input.location || null;
  if (input.listingPrice !== undefined) {
    changes.price_cents = toCents(input.listingPrice);
    assertChargeablePrice(changes.price_cents, listing.currency);
    assertHonestPrice(changes.price_cents, {
      amountPaidCents: listing.amount_paid_cents,
      currency: listing.currency,
      maxMarkupPercent,
    });
  }
  if (input.imageUrl !== undefined) {
    const offered = imageOptions({
      externalId: listing.external_id,
      roomImageUrls: listing.room_image_urls,
      countryCode: listing.country_code,
    });
    changes.image_url = chosenImage(offered, input.imageUrl);
  }
  const hotelSays = await hotelRulesOnEdit(db, listing, input, changes.price_cents, now);
  if (hotelSays) {
    input = { ...input, status: hotelSays.status };
    changes.hotel_pause_reason = hotelSays.pauseReason;
  }

  const askAgain = await hotelApprovalAskOnRaise(db, listing, changes.price_cents, now);

  await inTransaction(db, async (trx) => {
    if (askAgain) {
      changes.approval_deadline = askAgain.deadline;
      await transitionListing(trx, { listingId, from: [listing.status], to: 'awaiting_hotel', now, changes });
      await askHotel(trx, { listingId, ...askAgain }, now);
      return;
    }
    await enqueueAlerts(trx, listing, input.status ?? listing.status, changes.price_cents, now);
    if (input.status && input.status !== listing.status) {
      await transitionListing(trx, { listingId, from: [listing.status], to: input.status, now, changes });
      return;
    }
    const updated = await trx
      .updateTable('listings')
      .set({ ...changes, updated_at: now })
      .where('id', '=', listingId)
      .where('status', 'in', EDITABLE_STATUSES)
      .returning('status')
      .executeTakeFirst();
    if (!updated)
      throw new AppError('CONFLICT', 'This listing changed while you were editing it and can no longer be changed.');
  });
  return findListingById(db, listingId);
}

/**
 * A listing resumed, or made cheaper while for sale, may be what a saved search is waiting for: the alert worker
 * matches it after commit (server/alerts). A resumed stay counts as new to people who never heard of it.
 */
async function enqueueAlerts(
  trx: Executor,
  listing: { id: string; status: ListingStatus; price_cents: number },
  status: ListingStatus,
  priceCents: number | undefined,
  now: Date,
) {
  if (status !== 'active') return;
  if (listing.status === 'inactive') await enqueueListingAlert(trx, { listingId: listing.id, reason: 'new' }, now);
  if (priceCents !== undefined && priceCents < listing.price_cents) {
    await enqueueListingAlert(
      trx,
      { listingId: listing.id, reason: 'price_drop', previousPriceCents: listing.price_cents },
      now,
    );
  }
}
