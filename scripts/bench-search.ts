/**
 * Search benchmark (issue #4): seeds N synthetic listings, drives a fixed mix of realistic searches through the
 * real API with autocannon, then sends the same searches straight to the database, and prints latency figures.
 *
 *   npm run bench:search -- --driver=postgres --rows=1000000 --duration=10
 *   BENCH_DRIVER=pglite BENCH_ROWS=100000 npm run bench:search
 *
 * PostgreSQL: a scratch database `restay_bench` is created on BENCH_DATABASE_URL's server and dropped at the end.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import pg from 'pg';
import { pino } from 'pino';
import { searchQuerySchema } from '../contract/search.ts';
import { createApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase, type DatabaseHandle } from '../server/db/client.ts';
import { migrate } from '../server/db/migrate.ts';
import { searchListings } from '../server/listings/search.ts';

const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => arg.replace(/^--/, '').split('=') as [string, string?]),
);
const driver = (args.driver ?? process.env.BENCH_DRIVER ?? 'pglite') as 'pglite' | 'postgres';
const rows = Number(args.rows ?? process.env.BENCH_ROWS ?? (driver === 'postgres' ? 1_000_000 : 100_000));
const duration = Number(args.duration ?? process.env.BENCH_DURATION ?? 10);
const connections = Number(args.connections ?? process.env.BENCH_CONNECTIONS ?? 16);
const adminUrl = args.url ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BENCH_DB = 'restay_bench';
/** --keep leaves the seeded database in place for EXPLAIN; drop it by hand afterwards. */
const keep = 'keep' in args || process.env.BENCH_KEEP === '1';
/** --reuse runs against a database kept by an earlier --keep run (new migrations applied, no re-seed). */
const reuse = 'reuse' in args || 'profile' in args;
const BATCH = 50_000;
const NOW = new Date();

// Real cities (several with accents, so folding is exercised); every synthetic hotel lies near one of them.
const CITIES: [string, string, number, number][] = [
  ['Zürich', 'Switzerland', 47.37, 8.54], ['Lisbon', 'Portugal', 38.72, -9.14], ['Paris', 'France', 48.86, 2.35],
  ['New York', 'United States', 40.71, -74.0], ['São Paulo', 'Brazil', -23.55, -46.63], ['Tokyo', 'Japan', 35.68, 139.69],
  ['Kraków', 'Poland', 50.06, 19.94], ['Málaga', 'Spain', 36.72, -4.42], ['Montréal', 'Canada', 45.5, -73.57],
  ['Berlin', 'Germany', 52.52, 13.4], ['Rome', 'Italy', 41.9, 12.5], ['Sydney', 'Australia', -33.87, 151.21],
  ['Cape Town', 'South Africa', -33.92, 18.42], ['Bogotá', 'Colombia', 4.71, -74.07], ['Reykjavík', 'Iceland', 64.15, -21.94],
  ['Istanbul', 'Türkiye', 41.01, 28.98], ['Bangkok', 'Thailand', 13.76, 100.5], ['Mexico City', 'Mexico', 19.43, -99.13],
  ['London', 'United Kingdom', 51.51, -0.13], ['Vienna', 'Austria', 48.21, 16.37], ['Copenhagen', 'Denmark', 55.68, 12.57],
  ['Seoul', 'South Korea', 37.57, 126.98], ['Dubai', 'United Arab Emirates', 25.2, 55.27], ['Nice', 'France', 43.7, 7.27],
  ['Göteborg', 'Sweden', 57.71, 11.97], ['Athens', 'Greece', 37.98, 23.73], ['Marrakesh', 'Morocco', 31.63, -7.99],
  ['Buenos Aires', 'Argentina', -34.6, -58.38], ['Auckland', 'New Zealand', -36.85, 174.76], ['Prague', 'Czechia', 50.08, 14.44],
];
const HOTEL_WORDS = ['Grand', 'Plaza', 'Boutique', 'Central', 'Harbour', 'Garden', 'Royal', 'Park'];

function sqlArray(values: (string | number)[]): string {
  return `ARRAY[${values.map((v) => (typeof v === 'number' ? String(v) : `'${v.replaceAll("'", "''")}'`)).join(',')}]`;
}

async function seed(handle: DatabaseHandle) {
  const sellerId = '00000000-0000-4000-8000-000000000001';
  await sql`insert into profiles (id, email, first_name) values (${sellerId}, 'bench@example.com', 'Bench')`.execute(handle.db);
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
               'Confirmed', '${sellerId}'
        FROM g RETURNING id, external_id, start_utc, end_utc, hotel_name, city, address, latitude, longitude
      )
      INSERT INTO listings (seller_id, reservation_id, title, price_cents, status, hotel_name, city, country, location,
                            latitude, longitude, start_utc, end_utc, created_at)
      SELECT '${sellerId}', r.id, 'Room at ' || r.hotel_name, 4000 + (substr(r.external_id, 7)::bigint * 104729) % 96000,
             CASE WHEN (substr(r.external_id, 7)::bigint * 7) % 11 = 0 THEN 'inactive' ELSE 'active' END,
             r.hotel_name, r.city, r.address, 'Old Town', r.latitude, r.longitude, r.start_utc, r.end_utc,
             now() - (substr(r.external_id, 7)::bigint % 100000) * interval '1 minute'
      FROM r`),
    );
    const seconds = (performance.now() - started) / 1000;
    process.stdout.write(`\r  seeded ${to.toLocaleString('en-US')} / ${rows.toLocaleString('en-US')} (${seconds.toFixed(0)} s)`);
  }
  process.stdout.write('\n');
}

/** The fixed search mix: what visitors type and click on the marketplace. */
function searchMix(): string[] {
  const day = (offset: number) => new Date(NOW.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  const mix: string[] = [];
  CITIES.slice(0, 10).forEach(([city, , lat, lng], i) => {
    const plain = city.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
    mix.push(
      `location=${encodeURIComponent(plain)}`,
      `location=${encodeURIComponent(city)}&startDate=${day(20 + i)}&endDate=${day(40 + i)}`,
      `location=${encodeURIComponent(plain)}&minPrice=100&maxPrice=300&sort=price_asc`,
      `location=${encodeURIComponent(plain)}&hotelName=${HOTEL_WORDS[i % HOTEL_WORDS.length]}`,
      `bounds=${lat - 0.05},${lng - 0.05},${lat + 0.05},${lng + 0.05}`,
    );
  });
  mix.push('', 'sort=checkin&page=2', 'minPrice=200&maxPrice=250', 'hotelName=royal%20hotel%2012', 'sort=price_desc');
  return mix;
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function directSql(handle: DatabaseHandle, mix: string[]) {
  const queries = mix.map((q) => searchQuerySchema.parse(Object.fromEntries(new URLSearchParams(q))));
  const latencies: number[] = [];
  const end = performance.now() + duration * 1000;
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const query = queries[next++ % queries.length]!;
        const start = performance.now();
        await searchListings(handle.db, query, new Date());
        latencies.push(performance.now() - start);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99), count: latencies.length };
}

/** One search at a time, each timed alone: which part of the mix is slow (run with --profile on a kept DB). */
async function profile(handle: DatabaseHandle, mix: string[]) {
  const timings: [number, string][] = [];
  for (const q of mix) {
    const query = searchQuerySchema.parse(Object.fromEntries(new URLSearchParams(q)));
    const start = performance.now();
    await searchListings(handle.db, query, new Date());
    timings.push([performance.now() - start, q || '(no filter)']);
  }
  timings.sort((a, b) => b[0] - a[0]);
  console.log('Slowest searches, alone:');
  for (const [ms, q] of timings.slice(0, 8)) console.log(`  ${ms.toFixed(1).padStart(7)} ms  ${q}`);
  const sorted = timings.map(([ms]) => ms).sort((a, b) => a - b);
  console.log(`  alone: p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms`);
}

async function main() {
  console.log(`bench:search driver=${driver} rows=${rows.toLocaleString('en-US')} duration=${duration}s connections=${connections}`);
  let handle: DatabaseHandle;
  const admin = driver === 'postgres' ? new pg.Client({ connectionString: adminUrl }) : undefined;
  if (admin) {
    await admin.connect();
    if (!reuse) {
      await admin.query(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${BENCH_DB}`);
    }
    const url = new URL(adminUrl);
    url.pathname = `/${BENCH_DB}`;
    handle = await openDatabase({ url: url.toString() });
  } else {
    handle = await openDatabase({});
  }
  try {
    const mix = searchMix();
    if ('profile' in args) {
      // Re-uses a database kept by an earlier --keep run.
      await profile(handle, mix);
      return;
    }
    await migrate(handle);
    if (!reuse) await seed(handle);
    // What autovacuum does soon after a bulk load or a migration: statistics, and the visibility map that
    // index-only scans need.
    await handle.withScriptSession((run) => run('VACUUM ANALYZE'));
    // Production settings, as deployed; searches never reach the sign-in or mail services these name.
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '0',
      LOG_LEVEL: 'silent',
      SUPABASE_URL: 'https://bench.supabase.invalid',
      SUPABASE_ANON_KEY: 'bench-anon-key',
      SMTP_URL: 'smtp://127.0.0.1:9',
    });
    const app = createApp({ config, database: handle, logger: pino({ level: 'silent' }) });
    const server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    const port = (server.address() as AddressInfo).port;
    let next = 0;
    console.log(`API phase: ${mix.length} distinct searches, round robin`);
    const apiLatencies: number[] = [];
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        {
          url: `http://127.0.0.1:${port}`,
          connections,
          duration,
          requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: `/api/listings?${mix[next++ % mix.length]}` }) }],
        },
        (error, finished) => (error ? reject(error) : resolve(finished)),
      );
      // autocannon's summary has no p95 bucket: keep every response time for exact percentiles.
      instance.on('response', (_client, _status, _bytes, responseTime) => apiLatencies.push(responseTime));
    });
    await new Promise((resolve) => server.close(resolve));
    apiLatencies.sort((a, b) => a - b);
    const api = { p50: percentile(apiLatencies, 50), p95: percentile(apiLatencies, 95), p99: percentile(apiLatencies, 99) };
    console.log(`  ${apiLatencies.length} requests; requests/s ${result.requests.average.toFixed(0)}; non-2xx ${result.non2xx}; errors ${result.errors}`);
    console.log(`  latency ms: p50 ${api.p50.toFixed(1)}  p95 ${api.p95.toFixed(1)}  p99 ${api.p99.toFixed(1)}`);
    console.log('SQL phase: the same searches straight through the query layer');
    const direct = await directSql(handle, mix);
    console.log(`  ${direct.count} searches; latency ms: p50 ${direct.p50.toFixed(1)}  p95 ${direct.p95.toFixed(1)}  p99 ${direct.p99.toFixed(1)}`);
    console.log(`API/SQL p50 ratio: ${(api.p50 / direct.p50).toFixed(2)}`);
    await profile(handle, mix);
  } finally {
    await handle.close();
    if (admin) {
      if (!keep && !reuse) await admin.query(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`);
      await admin.end();
    }
  }
}

await main();
