import { Router } from 'express';
import type { Kysely } from 'kysely';
import { searchQuerySchema } from '../../contract/search.ts';
import type { Database } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import type { UserMiddleware } from '../auth/require-user.ts';
import { parseInput } from '../http/validation.ts';
import { hotelApprovalOf } from './hotel-approval.ts';
import { findNamedListing, listingReply } from './listing-reply.ts';
import { searchReply } from './search-reply.ts';
import { isHeldByViewer } from './viewer-hold.ts';

export function listingsRouter({
  db,
  clock,
  users,
}: {
  db: Kysely<Database>;
  clock: () => Date;
  users: UserMiddleware;
}): Router {
  const router = Router();

  router.get('/', async (req, res) => {
    // Read afresh every time, on every instance: a write is in the very next search (ADR 0077).
    res.json(await searchReply(db, parseInput(searchQuerySchema, req.query, 'search'), clock()));
  });

  router.get('/:id', users.viewer, async (req, res) => {
    const viewer = req.user;
    const row = await findNamedListing(db, req.params.id, viewer?.id ?? null);
    if (!row) throw notFound('Listing');
    const heldByViewer =
      row.status === 'reserved' && viewer !== undefined && (await isHeldByViewer(db, row.id, viewer.id));
    res.json(listingReply(row, await hotelApprovalOf(db, row.id), viewer?.id ?? null, heldByViewer));
  });

  return router;
}
