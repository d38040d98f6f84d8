import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/schema.ts';
import { parseEcbDaily } from '../../server/rates/ecb-xml.ts';
import { refreshRates } from '../../server/rates/refresh-rates.ts';
import { SHIPPED_EUROFXREF_DAILY } from '../../server/standins/ecb/eurofxref-daily.ts';

/**
 * The shipped ECB rates stored in `db`, as a server stores them when it starts: for tests that search (every
 * search converts its price bounds) on a database no test server has started on.
 */
export async function storeShippedRates(db: Kysely<Database>, now = new Date()): Promise<void> {
  await refreshRates(db, { kind: 'stand-in', latest: async () => parseEcbDaily(SHIPPED_EUROFXREF_DAILY) }, now);
}
