import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../server/db/client.ts';
import { BENCH_CITIES as CITIES, BENCH_HOTEL_WORDS as HOTEL_WORDS } from '../bench-cities.ts';

/** Rows written per statement: large enough that round trips do not matter, small enough to show progress. */
const BATCH = 50_000;
/** The one seller of every seeded listing. */
export const BENCH_SELLER_ID = '00000000-0000-4000-8000-000000000001';

function sqlArray(values: (string | number)[]): string {
  return `ARRAY[${values.map((v) => (typeof v === 'number' ? String(v) : `'${v.replaceAll("'", "''")}'`)).join(',')}]`;
}

/**
 * `rows` synthetic stays, each a reservation and its listing near one of the bench cities, about one in eleven
 * paused by its seller and the rest for sale, checking in over the coming year; through the product's own
 * triggers, so every derived column is what the product would write.
 */
export async function seedListings(handle: DatabaseHandle, rows: number) {
  await sql`insert into profiles (id, email, first_name) values (${BENCH_SELLER_ID}, 'bench@example.com', 'Bench')`.execute(
    handle.db,
  );
  const [names, countries, lats, lngs] = [0, 1, 2, 3].map((i) => sqlArray(CITIES.map((c) => c[i]!)));
  const started = performance.now();
  for (let from = 1; from <= rows; from += BATCH) {
    const to = Math.min(rows, from + BATCH - 1);
    // One statement per batch: reservations and their listings from generate_series, no round trip per row.
    await handle.withScriptSession((run) =>
      run(`
      WITH g AS (
        SELECT n, 1 + n % ${CITIES.length} AS c, (n * 7919) % 365 AS day, 1 + (n * 31) % 7 AS nights FROM generate_series(${from}::bigint, ${to}::bigint) n
      ), r AS (
        INSERT INTO reservations (provider, external_id, confirmation_number, start_utc, end_utc, hotel_name, city,
                                  address, latitude, longitude, state, owner_id)
        SELECT 'demo', 'bench-' || n, 'B' || n,
               date_trunc('day', now()) + (day + 1) * interval '1 day' + interval '15 hours',
               date_trunc('day', now()) + (day + 1 + nights) * interval '1 day' + interval '11 hours',
               (${names})[c] || ' ' || (${sqlArray(HOTEL_WORDS)})[1 + n % ${HOTEL_WORDS.length}] || ' Hotel ' || (n % 400),
               (${names})[c], (${countries})[c],
               (${lats})[c] + ((n * 13) % 600 - 300) / 10000.0, (${lngs})[c] + ((n * 17) % 600 - 300) / 10000.0,
               'Confirmed', '${BENCH_SELLER_ID}'
        FROM g RETURNING id, external_id, start_utc, end_utc, hotel_name, city, address, latitude, longitude
      )
      INSERT INTO listings (seller_id, reservation_id, title, price_cents, status, hotel_name, city, country, location,
                            latitude, longitude, start_utc, end_utc, created_at)
      SELECT '${BENCH_SELLER_ID}', r.id, 'Room at ' || r.hotel_name, 4000 + (substr(r.external_id, 7)::bigint * 104729) % 96000,
             CASE WHEN (substr(r.external_id, 7)::bigint * 7) % 11 = 0 THEN 'inactive' ELSE 'active' END,
             r.hotel_name, r.city, r.address, 'Old Town', r.latitude, r.longitude, r.start_utc, r.end_utc,
             now() - (substr(r.external_id, 7)::bigint % 100000) * interval '1 minute'
      FROM r`),
    );
    const seconds = (performance.now() - started) / 1000;
    process.stdout.write(
      `\r  seeded ${to.toLocaleString('en-US')} / ${rows.toLocaleString('en-US')} (${seconds.toFixed(0)} s)`,
    );
  }
  process.stdout.write('\n');
}

/**
 * What autovacuum does soon after a bulk load: statistics, and the visibility map that index-only scans need;
 * then the load's dirty pages are written out, which PostgreSQL would otherwise do during the timed phases (its
 * next checkpoint), competing with them for the same cores and disk.
 */
export async function settleAfterLoad(handle: DatabaseHandle) {
  await handle.withScriptSession((run) => run('VACUUM ANALYZE'));
  await handle.withScriptSession((run) => run('CHECKPOINT'));
}
