import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import type { RatesSource } from './rates-source.ts';

export interface RatesRefresh {
  /** The reference day of the rates now stored. */
  date: string;
  /** Currencies whose rate was stored: new, of a later day, or corrected for the same day. */
  changed: number;
  /** Listings whose normalised price was written again. */
  listings: number;
}

/**
 * Reads the day's rates and stores them, then writes again every listing's price in euro cents whose currency's
 * rate changed, in one transaction: a search never sees new rates beside old normalised prices. Idempotent: a
 * second run with the same file changes nothing, and an older file (a stale mirror) never replaces newer rates.
 */
export async function refreshRates(db: Kysely<Database>, rates: RatesSource, now: Date): Promise<RatesRefresh> {
  const daily = await rates.latest();
  return inTransaction(db, async (trx) => {
    const rows = [...daily.unitsPerEuro].map(([currency, unitsPerEuro]) => ({
      currency,
      units_per_euro: unitsPerEuro,
      rate_date: daily.date,
      updated_at: now,
    }));
    const changed = await trx
      .insertInto('exchange_rates')
      .values(rows)
      .onConflict((conflict) =>
        conflict.column('currency').doUpdateSet((eb) => ({
          units_per_euro: eb.ref('excluded.units_per_euro'),
          rate_date: eb.ref('excluded.rate_date'),
          updated_at: eb.ref('excluded.updated_at'),
        })).where(sql<boolean>`exchange_rates.rate_date < excluded.rate_date
            or (exchange_rates.rate_date = excluded.rate_date and exchange_rates.units_per_euro <> excluded.units_per_euro)`),
      )
      .returning('currency')
      .execute();
    const renormalised = await sql`
      UPDATE listings SET price_eur_cents = listings.price_cents / exchange_rates.units_per_euro
      FROM exchange_rates
      WHERE exchange_rates.currency = listings.currency
        AND listings.price_eur_cents IS DISTINCT FROM listings.price_cents / exchange_rates.units_per_euro`.execute(
      trx,
    );
    const stored = await trx
      .selectFrom('exchange_rates')
      .select(sql<string>`max(rate_date)::text`.as('date'))
      .executeTakeFirstOrThrow();
    return { date: stored.date, changed: changed.length, listings: Number(renormalised.numAffectedRows ?? 0) };
  });
}
