import { Router } from 'express';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { searchQuerySchema } from '../../contract/search.ts';
import type { Database } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import { parseInput } from '../http/validation.ts';
import { toListingDto } from './listing-dto.ts';
import { findListingById } from './queries.ts';
import { searchListings } from './search.ts';

const idSchema = z.guid();

export function listingsRouter(db: Kysely<Database>, clock: () => Date): Router {
  const router = Router();

  router.get('/', async (req, res) => {
    const query = parseInput(searchQuerySchema, req.query, 'search');
    const { rows, meta } = await searchListings(db, query, clock());
    res.json({ success: true, data: rows.map(toListingDto), meta });
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
