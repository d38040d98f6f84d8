import { Router } from 'express';
import type { Kysely } from 'kysely';
import { searchQuerySchema } from '../../contract/search.ts';
import type { Database } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import type { UserMiddleware } from '../http/require-user.ts';
import { parseInput } from '../http/validation.ts';
import { listingReply } from './listing-reply.ts';
import { searchReply } from './search-reply.ts';

export function listingsRouter(db: Kysely<Database>, clock: () => Date, users: UserMiddleware): Router {
  const router = Router();

  router.get('/', async (req, res) => {
    res.json(await searchReply(db, parseInput(searchQuerySchema, req.query, 'search'), clock()));
  });

  router.get('/:id', users.viewer, async (req, res) => {
    const reply = await listingReply(db, req.params.id, req.user?.id ?? null);
    if (!reply) throw notFound('Listing');
    res.json(reply);
  });

  return router;
}
