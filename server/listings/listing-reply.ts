import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { HotelApproval } from '../../contract/hotel-approval.ts';
import type { Database } from '../db/schema.ts';
import { toListingDto, type ListingWithSeller } from './listing-dto.ts';
import { findListingById } from './queries.ts';

const idSchema = z.guid();

/** The listing an address names, or undefined (a malformed id names none: it is never a database error). */
export async function findNamedListing(db: Kysely<Database>, id: unknown): Promise<ListingWithSeller | undefined> {
  const parsed = idSchema.safeParse(id);
  return parsed.success ? findListingById(db, parsed.data) : undefined;
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

export type ListingReply = ReturnType<typeof listingReply>;
