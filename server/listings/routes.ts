import { Router } from 'express';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { searchQuerySchema } from '../../contract/search.ts';
import type { Database } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import type { UserMiddleware } from '../http/require-user.ts';
import { parseInput } from '../http/validation.ts';
import { toListingDto } from './listing-dto.ts';
import { findListingById } from './queries.ts';
import { searchReply } from './search-reply.ts';
import { isHeldByViewer } from './viewer-hold.ts';

const idSchema = z.guid();

export function listingsRouter(db: Kysely<Database>, clock: () => Date, users: UserMiddleware): Router {
  const router = Router();

  router.get('/', async (req, res) => {
    res.json(await searchReply(db, parseInput(searchQuerySchema, req.query, 'search'), clock()));
  });

  router.get('/:id', users.viewer, async (req, res) => {
    // A malformed id cannot name a listing: it is a 404 like any unknown id, never a database error.
    const id = idSchema.safeParse(req.params.id);
    const row = id.success ? await findListingById(db, id.data) : undefined;
    if (!row) throw notFound('Listing');
    const viewer = req.user;
    const heldByViewer =
      row.status === 'reserved' && viewer !== undefined && (await isHeldByViewer(db, row.id, viewer.id));
    res.json({ success: true, data: { ...toListingDto(row, viewer?.id ?? null), held_by_viewer: heldByViewer } });
  });

  return router;
}
