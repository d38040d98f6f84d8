/**
 * Search benchmark (issue #4): seeds N synthetic listings, drives a fixed mix of realistic searches through the
 * real API with autocannon, and sends the same searches straight to the database, in alternating rounds, and
 * prints latency figures.
 *
 *   npm run bench:search -- --driver=postgres --rows=1000000 --duration=30
 *   BENCH_DRIVER=pglite BENCH_ROWS=100000 npm run bench:search
 *
 * PostgreSQL: a scratch database `restay_bench` is created on BENCH_DATABASE_URL's server and dropped at the end.
 * PGlite: the database lives in a temporary data directory, opened by one process at a time.
 *
 * The API under test is the real server (server/main.ts, production settings but a loopback origin) in its own process, as deployed:
 * the load generator never shares its event loop.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import pg from 'pg';
import { searchQuerySchema } from '../contract/search.ts';
import { openDatabase, type DatabaseHandle } from '../server/db/client.ts';
import { migrate } from '../server/db/migrate.ts';
import { searchListings } from '../server/listings/search.ts';
import { storeShippedRates } from '../tests/helpers/rates.ts';
import { BENCH_CITIES as CITIES, BENCH_HOTEL_WORDS as HOTEL_WORDS } from './bench-cities.ts';

const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => arg.replace(/^--/, '').split('=') as [string, string?]),
);
const driver = (args.driver ?? process.env.BENCH_DRIVER ?? 'pglite') as 'pglite' | 'postgres';
const rows = Number(args.rows ?? process.env.BENCH_ROWS ?? (driver === 'postgres' ? 1_000_000 : 100_000));
// Long enough for steady figures: the first seconds of a run warm up JIT, connection pools and caches.
const duration = Number(args.duration ?? process.env.BENCH_DURATION ?? 30);
/**
 * Each phase's time is split into rounds that alternate (API, SQL, API, SQL, ...). The host's speed drifts by
 * tens of percent over tens of seconds (a shared VM), and two back-to-back 30 s phases would compare two hosts
 * as much as two code paths; alternating short rounds gives both phases the same mix of fast and slow moments.
 * PGlite alternates only when asked: each switch hands its data directory between processes (a restart).
 */
const rounds = Number(args.rounds ?? process.env.BENCH_ROUNDS ?? (driver === 'postgres' ? 6 : 1));
if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`--rounds must be a whole number from 1, not ${rounds}`);
/** Unrecorded load before the first round: JIT compilation, connection pools and caches warm up. */
const WARM_UP_SECONDS = 3;
const connections = Number(args.connections ?? process.env.BENCH_CONNECTIONS ?? 16);
const adminUrl = args.url ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BENCH_DB = 'restay_bench';
/** --keep leaves the seeded database in place for EXPLAIN; drop it by hand afterwards. */
const keep = 'keep' in args || process.env.BENCH_KEEP === '1';
/** --reuse runs against a database kept by an earlier --keep run (new migrations applied, no re-seed). */
const reuse = 'reuse' in args || 'profile' in args;
const BATCH = 50_000;
const NOW = new Date();

function sqlArray(values: (string | number)[]): string {
  return `ARRAY[${values.map((v) => (typeof v === 'number' ? String(v) : `'${v.replaceAll("'", "''")}'`)).join(',')}]`;
}

async function seed(handle: DatabaseHandle) {
  const sellerId = '00000000-0000-4000-8000-000000000001';
  await sql`insert into profiles (id, email, first_name) values (${sellerId}, 'bench@example.com', 'Bench')`.execute(
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
    process.stdout.write(
      `\r  seeded ${to.toLocaleString('en-US')} / ${rows.toLocaleString('en-US')} (${seconds.toFixed(0)} s)`,
    );
  }
  process.stdout.write('\n');
}

/** The fixed search mix: what visitors type and click on the marketplace. */
function searchMix(): string[] {
  const day = (offset: number) => new Date(NOW.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  const mix: string[] = [];
  CITIES.slice(0, 10).forEach(([city, , lat, lng], i) => {
    const plain = city
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase();
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

/** The mix straight through the query layer, in this process, at `connections` concurrent searches. */
async function sqlRound(handle: DatabaseHandle, mix: string[], seconds: number): Promise<number[]> {
  const queries = mix.map((q) => searchQuerySchema.parse(Object.fromEntries(new URLSearchParams(q))));
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
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
  return latencies;
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

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Starts server/main.ts on the bench database and waits until /api/health answers. */
async function startServer(
  database: { url: string } | { dataDir: string },
): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      // Not NODE_ENV=production: it refuses the demo PMS and the test checkout that every configuration without
      // Mews and Stripe keys mounts. A loopback PUBLIC_URL (or DEMO_MODE=true) is how stand-ins are allowed;
      // searches never touch them, and the rest of the settings are production's.
      NODE_ENV: 'development',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: 'url' in database ? database.url : '',
      DATA_DIR: 'dataDir' in database ? database.dataDir : path.join(tmpdir(), 'restay-bench-unused'),
      // Otherwise production's settings: every outside service real; searches never reach the sign-in, mail,
      // hotel or payment services these name.
      SUPABASE_URL: 'https://bench.supabase.invalid',
      SUPABASE_ANON_KEY: 'bench-anon-key',
      SMTP_URL: 'smtp://127.0.0.1:9',
      MEWS_PLATFORM_URL: 'http://127.0.0.1:9',
      MEWS_CLIENT_TOKEN: 'bench',
      MEWS_ACCESS_TOKENS: 'bench',
      STRIPE_SECRET_KEY: 'sk_live_bench',
      STRIPE_WEBHOOK_SECRET: 'whsec_bench',
      STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_bench_connect',
      TRUST_PROXY: '0',
      CODE_HMAC_KEY: randomBytes(32).toString('hex'),
      ALERTS_SECRET: randomBytes(32).toString('hex'),
    },
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(
        `the API server (server/main.ts) exited with code ${child.exitCode} before it was healthy: its error is above`,
      );
    if (
      await fetch(`${base}/api/health`).then(
        (reply) => reply.ok,
        () => false,
      )
    )
      return { child, base };
    if (Date.now() > deadline) {
      await stopServer(child);
      throw new Error('the API server (server/main.ts) did not become healthy within 120 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function stopServer(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

interface ApiRound {
  latencies: number[];
  non2xx: number;
  errors: number;
}

/** The mix through the API at `connections` concurrent connections for `seconds`. */
async function apiRound(base: string, mix: string[], seconds: number): Promise<ApiRound> {
  let next = 0;
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections,
        duration: seconds,
        requests: [
          { method: 'GET', setupRequest: (req) => ({ ...req, path: `/api/listings?${mix[next++ % mix.length]}` }) },
        ],
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    // autocannon's summary has no p95 bucket: keep every response time for exact percentiles.
    // Only successful searches count: an error page answered fast is not a search.
    instance.on('response', (_client, status, _bytes, responseTime) => {
      if (status >= 200 && status < 300) latencies.push(responseTime);
    });
  });
  return { latencies, non2xx: result.non2xx, errors: result.errors };
}

function summary(latencies: number[], what: string) {
  if (latencies.length === 0) throw new Error(`no ${what} completed: there are no figures to report`);
  const sorted = [...latencies].sort((a, b) => a - b);
  const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(sorted, p));
  return { p50: p50!, text: `p50 ${p50!.toFixed(1)}  p95 ${p95!.toFixed(1)}  p99 ${p99!.toFixed(1)}` };
}

async function main() {
  console.log(
    `bench:search driver=${driver} rows=${rows.toLocaleString('en-US')} duration=${duration}s connections=${connections}`,
  );
  const admin = driver === 'postgres' ? new pg.Client({ connectionString: adminUrl }) : undefined;
  const benchUrl = new URL(adminUrl);
  benchUrl.pathname = `/${BENCH_DB}`;
  const dataDir = admin ? undefined : mkdtempSync(path.join(tmpdir(), 'restay-bench-'));
  // PGlite keeps its files where the server looks for them: DATA_DIR/pglite.
  const open = () => openDatabase(admin ? { url: benchUrl.toString() } : { dataDir: path.join(dataDir!, 'pglite') });
  if (admin) {
    await admin.connect();
    if (!reuse) {
      await admin.query(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${BENCH_DB}`);
    }
  } else if (reuse) {
    throw new Error('--reuse and --profile need --driver=postgres: a PGlite bench database is not kept');
  }
  let handle = await open();
  try {
    const mix = searchMix();
    if ('profile' in args) {
      await profile(handle, mix);
      return;
    }
    await migrate(handle);
    if (!reuse) await seed(handle);
    // Every search converts its price bounds: the rates a server stores at start, before any phase, so the
    // query-layer phase does not depend on the API process having refreshed them first.
    await storeShippedRates(handle.db);
    // What autovacuum does soon after a bulk load or a migration: statistics, and the visibility map that
    // index-only scans need.
    await handle.withScriptSession((run) => run('VACUUM ANALYZE'));
    // A bulk load leaves gigabytes of dirty pages that PostgreSQL would otherwise write out during the timed
    // phases (its next checkpoint), competing with the searches for the same cores and disk: flush them first.
    await handle.withScriptSession((run) => run('CHECKPOINT'));

    const seconds = duration / rounds;
    console.log(
      `${rounds} round${rounds === 1 ? '' : 's'} of ${seconds} s per phase, after ${WARM_UP_SECONDS} s of warm-up, ${mix.length} distinct searches round robin:`,
    );
    console.log(
      '  API: through server/main.ts in its own process; SQL: straight through the query layer, in this process',
    );
    const apiRounds: ApiRound[] = [];
    const sqlRounds: number[][] = [];
    const serverDatabase = dataDir ? { dataDir } : { url: benchUrl.toString() };
    let server: Awaited<ReturnType<typeof startServer>> | undefined;
    try {
      for (let round = 0; round <= rounds; round++) {
        const warmUp = round === 0;
        if (!server) {
          // One process at a time may open a PGlite directory: the server and this process take turns.
          if (dataDir) await handle.close();
          server = await startServer(serverDatabase);
        }
        const api = await apiRound(server.base, mix, warmUp ? WARM_UP_SECONDS : seconds);
        if (dataDir) {
          await stopServer(server.child);
          server = undefined;
          handle = await open();
        }
        const direct = await sqlRound(handle, mix, warmUp ? WARM_UP_SECONDS : seconds);
        if (warmUp) continue;
        apiRounds.push(api);
        sqlRounds.push(direct);
        const ratio =
          summary(api.latencies, `API search in round ${round}`).p50 /
          summary(direct, `SQL search in round ${round}`).p50;
        console.log(
          `  round ${round}: API ${(api.latencies.length / seconds).toFixed(0)} req/s, SQL ${(direct.length / seconds).toFixed(0)} searches/s, p50 ratio ${ratio.toFixed(2)}`,
        );
      }
    } finally {
      if (server) await stopServer(server.child);
    }

    const apiLatencies = apiRounds.flatMap((r) => r.latencies);
    const api = summary(apiLatencies, 'API search');
    const sum = (pick: (r: ApiRound) => number) => apiRounds.reduce((total, r) => total + pick(r), 0);
    console.log(
      `API: ${apiLatencies.length} requests; requests/s ${(apiLatencies.length / duration).toFixed(0)}; non-2xx ${sum((r) => r.non2xx)}; errors ${sum((r) => r.errors)}`,
    );
    console.log(`  latency ms: ${api.text}`);
    const sqlLatencies = sqlRounds.flat();
    const direct = summary(sqlLatencies, 'SQL search');
    console.log(`SQL: ${sqlLatencies.length} searches; latency ms: ${direct.text}`);
    console.log(`API/SQL p50 ratio: ${(api.p50 / direct.p50).toFixed(2)}`);
    await profile(handle, mix);
  } finally {
    await handle.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    if (admin) {
      if (!keep && !reuse) await admin.query(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`);
      await admin.end();
    }
  }
}

await main();
