import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema.ts';
import { toListingDto } from './listing-dto.ts';
import { findListingById } from './queries.ts';
import { isHeldByViewer } from './viewer-hold.ts';

const idSchema = z.guid();

/**
 * GET /api/listings/:id's body as `viewerId` sees it (null: a guest), or undefined when no listing has that id
 * (a malformed id names none: it is never a database error). A stay's page carries a guest's
 * (`seo/spa-page.ts`).
 */
export async function listingReply(db: Kysely<Database>, id: unknown, viewerId: string | null) {
  const parsed = idSchema.safeParse(id);
  const row = parsed.success ? await findListingById(db, parsed.data) : undefined;
  if (!row) return undefined;
  const heldByViewer = row.status === 'reserved' && viewerId !== null && (await isHeldByViewer(db, row.id, viewerId));
  return { success: true as const, data: { ...toListingDto(row, viewerId), held_by_viewer: heldByViewer } };
}

export type ListingReply = NonNullable<Awaited<ReturnType<typeof listingReply>>>;
