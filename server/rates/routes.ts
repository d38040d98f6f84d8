import { Router } from 'express';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { anyRates, storedRates } from './stored-rates.ts';

/** GET /api/rates: the stored rates, which the SPA converts prices with (the same the search filters with). */
export function ratesRouter({ db }: { db: Kysely<Database> }): Router {
  const router = Router();
  router.get('/', async (_req, res) => {
    const data = await storedRates(db);
    // Rates change once a day: a browser may keep them for an hour. None yet (the first read failed): a browser
    // asks again, so estimates appear once the rates job has stored some.
    res.set('Cache-Control', anyRates(data) ? 'public, max-age=3600' : 'no-store').json({ success: true, data });
  });
  return router;
}
