import { Router } from 'express';
import { sql, type Kysely } from 'kysely';
import type { ExchangeRates } from '../../contract/rates.ts';
import type { Database } from '../db/schema.ts';

/** GET /api/rates: the stored rates, which the SPA converts prices with (the same the search filters with). */
export function ratesRouter({ db }: { db: Kysely<Database> }): Router {
  const router = Router();
  router.get('/', async (_req, res) => {
    const rows = await db
      .selectFrom('exchange_rates')
      .select(['currency', 'units_per_euro', sql<string>`rate_date::text`.as('date')])
      .orderBy('currency')
      .execute();
    const data: ExchangeRates = {
      date: rows.reduce((latest, row) => (row.date > latest ? row.date : latest), ''),
      unitsPerEuro: Object.fromEntries(rows.map((row) => [row.currency, row.units_per_euro])),
    };
    // Rates change once a day: a browser may keep them for an hour. None yet (the first read failed): a browser
    // asks again, so estimates appear once the rates job has stored some.
    res.set('Cache-Control', rows.length ? 'public, max-age=3600' : 'no-store').json({ success: true, data });
  });
  return router;
}
