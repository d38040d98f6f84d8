import { Router } from 'express';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import { toListingDto } from './listing-dto.ts';
import { findActiveListings, findListingById } from './queries.ts';

const idSchema = z.guid();

export function listingsRouter(db: Kysely<Database>, clock: () => Date): Router {
  const router = Router();

  router.get('/', async (_req, res) => {
    const rows = await findActiveListings(db, clock());
    res.json({ success: true, data: rows.map(toListingDto) });
  });

  router.get('/:id', async (req, res) => {
    // A malformed id cannot name a listing: it is a 404 like any unknown id, never a database error.
    const id = idSchema.safeParse(req.params.id);
    const row = id.success ? await findListingById(db, id.data) : undefined;
    if (!row) throw notFound('Listing');
    res.json({ success: true, data: toListingDto(row) });
  });

  return router;
}
