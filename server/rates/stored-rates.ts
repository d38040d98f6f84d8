import { sql, type Kysely } from 'kysely';
import type { ExchangeRates } from '../../contract/rates.ts';
import type { Database } from '../db/schema.ts';

/** The stored rates, as GET /api/rates answers them: none (an empty table) before the first read stored any. */
export async function storedRates(db: Kysely<Database>): Promise<ExchangeRates> {
  const rows = await db
    .selectFrom('exchange_rates')
    .select(['currency', 'units_per_euro', sql<string>`rate_date::text`.as('date')])
    .orderBy('currency')
    .execute();
  return {
    date: rows.reduce((latest, row) => (row.date > latest ? row.date : latest), ''),
    unitsPerEuro: Object.fromEntries(rows.map((row) => [row.currency, row.units_per_euro])),
  };
}

/** Whether any rate is stored yet. */
export const anyRates = (rates: ExchangeRates) => Object.keys(rates.unitsPerEuro).length > 0;
