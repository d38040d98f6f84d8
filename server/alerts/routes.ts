import { Router } from 'express';
import { z } from 'zod';
import { createSavedSearchSchema, updateSavedSearchSchema } from '../../contract/alerts.ts';
import { notFound } from '../http/errors.ts';
import type { UserMiddleware } from '../auth/require-user.ts';
import { parseInput } from '../http/validation.ts';
import { signedInUser } from '../auth/claimed-user.ts';
import { deleteSavedSearch } from './delete-saved-search.ts';
import type { AlertDeps } from './deps.ts';
import { listSavedSearches } from './list-saved-searches.ts';
import { saveSearch } from './save-search.ts';
import { updateSavedSearch } from './update-saved-search.ts';

const idSchema = z.guid();

/** A malformed id cannot name a saved search: a 404 like any unknown id. */
function savedSearchId(value: unknown): string {
  const id = idSchema.safeParse(value);
  if (!id.success) throw notFound('Saved search');
  return id.data;
}

/** /api/saved-searches: the signed-in person's saved searches. */
export function savedSearchesRouter(deps: AlertDeps & { users: UserMiddleware }): Router {
  const router = Router();
  router.use(deps.users.requireUser);

  router.get('/', async (req, res) => {
    res.json({ success: true, data: await listSavedSearches(deps, signedInUser(req).id) });
  });

  router.post('/', async (req, res) => {
    const body = parseInput(createSavedSearchSchema, req.body);
    res.status(201).json({ success: true, data: await saveSearch(deps, signedInUser(req), body) });
  });

  router.put('/:id', async (req, res) => {
    const id = savedSearchId(req.params.id);
    const body = parseInput(updateSavedSearchSchema, req.body);
    res.json({ success: true, data: await updateSavedSearch(deps, signedInUser(req).id, id, body) });
  });

  router.delete('/:id', async (req, res) => {
    const id = savedSearchId(req.params.id);
    await deleteSavedSearch(deps, signedInUser(req).id, id);
    res.json({ success: true, data: { id } });
  });

  return router;
}
