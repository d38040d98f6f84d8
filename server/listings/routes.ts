import { Router } from 'express';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { searchQuerySchema } from '../../contract/search.ts';
import type { Database } from '../db/schema.ts';
import { AppError, notFound } from '../http/errors.ts';
import type { UserMiddleware } from '../http/require-user.ts';
import { parseInput } from '../http/validation.ts';
import { toListingDto } from './listing-dto.ts';
import { findListingById, findListingsBySeller } from './queries.ts';
import { searchListings } from './search.ts';

const idSchema = z.guid();

export function listingsRouter(db: Kysely<Database>, clock: () => Date, users: UserMiddleware): Router {
  const router = Router();

  // Registered before /:id so "user" is never read as a listing id.
  router.get('/user/:userId', users.requireUser, async (req, res) => {
    // Sellers see their own listings in every status; nobody else's.
    const user = req.user;
    if (!user || req.params.userId !== user.id) throw new AppError('FORBIDDEN', 'You can only see your own listings');
    const rows = await findListingsBySeller(db, user.id);
    res.json({ success: true, data: rows.map(toListingDto) });
  });

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
