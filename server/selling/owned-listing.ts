import { EDITABLE_STATUSES } from '../../contract/selling.ts';
import type { ListingStatus } from '../../contract/listing-status.ts';
import type { Executor } from '../db/transaction.ts';
import { AppError, notFound } from '../http/errors.ts';

/** A listing with what its seller's changes are checked against (its reservation's price paid and photos). */
export async function findOwnedListing(db: Executor, userId: string, listingId: string) {
  const listing = await db
    .selectFrom('listings')
    .innerJoin('reservations', 'reservations.id', 'listings.reservation_id')
    .select([
      'listings.id',
      'listings.seller_id',
      'listings.status',
      'listings.price_cents',
      'listings.currency',
      'listings.approved_price_cents',
      'reservations.external_id',
      'reservations.amount_paid_cents',
      'reservations.room_image_urls',
      'reservations.country_code',
      'listings.hotel_pause_reason',
      'reservations.hotel_name',
      'reservations.enterprise_id',
      'reservations.rate_id',
      'reservations.room_type_id',
      'reservations.channels',
      'reservations.start_utc',
      'reservations.end_utc',
      'reservations.time_zone',
    ])
    .where('listings.id', '=', listingId)
    .executeTakeFirst();
  if (!listing) throw notFound('Listing');
  if (listing.seller_id !== userId) throw new AppError('FORBIDDEN', 'You can only change your own listings');
  return listing;
}

/** 409 unless the seller may still change the listing (active or inactive). */
export function assertEditable(status: ListingStatus): void {
  if ((EDITABLE_STATUSES as readonly ListingStatus[]).includes(status)) return;
  throw new AppError('CONFLICT', `This listing is ${status} and can no longer be changed.`, { status });
}
