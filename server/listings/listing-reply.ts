import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { HotelApproval } from '../../contract/hotel-approval.ts';
import type { ListingStatus } from '../../contract/listing-status.ts';
import type { Database } from '../db/schema.ts';
import { toListingDto, type ListingWithSeller } from './listing-dto.ts';
import { findListingById } from './queries.ts';

const idSchema = z.guid();

/** Statuses only the seller may open: the hotel has not approved the stay (ADR 0082), so nobody else knows it. */
const SELLERS_ONLY: readonly ListingStatus[] = ['awaiting_hotel', 'rejected_by_hotel'];

/**
 * The listing an address names, or undefined (a malformed id names none: it is never a database error). One
 * waiting for, or rejected by, its hotel is named to its seller alone (`viewerId`).
 */
export async function findNamedListing(
  db: Kysely<Database>,
  id: unknown,
  viewerId: string | null = null,
): Promise<ListingWithSeller | undefined> {
  const parsed = idSchema.safeParse(id);
  const row = parsed.success ? await findListingById(db, parsed.data) : undefined;
  if (row && SELLERS_ONLY.includes(row.status) && row.seller_id !== viewerId) return undefined;
  return row;
}

/**
 * GET /api/listings/:id's body for `row` as `viewerId` sees it (null: a guest, who holds nothing), with the hotel's
 * approval (server/listings/hotel-approval.ts). A stay's page carries a guest's (`seo/spa-page.ts`), so the
 * drawn page and the script's first render show the same.
 */
export function listingReply(
  row: ListingWithSeller,
  approval: HotelApproval | null,
  viewerId: string | null,
  heldByViewer = false,
) {
  const listing = toListingDto(row, viewerId);
  return { success: true as const, data: { ...listing, held_by_viewer: heldByViewer, hotel_approval: approval } };
}
