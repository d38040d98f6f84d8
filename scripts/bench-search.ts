/**
 * Search benchmark (issue #4, issue 49): seeds N synthetic listings, then sends searches through the real API
 * (autocannon) and straight to the query layer, in alternating rounds, in three phases:
 *   1. repeated: a fixed mix of popular searches, round robin;
 *   2. distinct: a long tail of random city, price, sort and date combinations, almost none asked twice;
 *   3. distinct under writes (PostgreSQL only): the same while WRITES_PER_SECOND listing writes (new prices,
 *      holds and releases on random live stays) run alongside.
 * It prints each phase's latencies and API/SQL p50 ratio, the writes' latency, and how much the writes slow
 * a search's p95.
 *
 *   npm run bench:search -- --driver=postgres --rows=1000000 --duration=30
 *   BENCH_DRIVER=pglite BENCH_ROWS=100000 npm run bench:search
 *
 * PostgreSQL: a scratch database `restay_bench` is created on BENCH_DATABASE_URL's server and dropped at the end.
 * PGlite: the database lives in a temporary data directory, opened by one process at a time.
 *
 * The API under test is the real server (server/main.ts, production settings but a loopback origin) in its own
 * process, as deployed: the load generator never shares its event loop.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../server/db/client.ts';
import { migrate } from '../server/db/migrate.ts';
import { storeShippedRates } from '../tests/helpers/rates.ts';
import { latencySummary } from './bench-data/latency.ts';
import { liveListingIds, startWriteLoad } from './bench-data/listing-writes.ts';
import { seedListings, settleAfterLoad } from './bench-data/seed-listings.ts';
import { comparePaths, type BenchDatabase } from './search-bench/compare-paths.ts';
import { askedOnce, distinctSearches, repeatedSearches, roundRobin } from './search-bench/mixes.ts';
import { profile } from './search-bench/rounds.ts';

const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => arg.replace(/^--/, '').split('=') as [string, string?]),
);
const driver = (args.driver ?? process.env.BENCH_DRIVER ?? 'pglite') as 'pglite' | 'postgres';
const rows = Number(args.rows ?? process.env.BENCH_ROWS ?? (driver === 'postgres' ? 1_000_000 : 100_000));
/** Seconds each path is timed in each phase. Long enough for steady figures. */
const duration = Number(args.duration ?? process.env.BENCH_DURATION ?? 30);
/** Each phase's time is split into rounds that alternate API and SQL (see comparePaths). */
const rounds = Number(args.rounds ?? process.env.BENCH_ROUNDS ?? (driver === 'postgres' ? 6 : 1));
if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`--rounds must be a whole number from 1, not ${rounds}`);
const connections = Number(args.connections ?? process.env.BENCH_CONNECTIONS ?? 16);
const adminUrl = args.url ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BENCH_DB = 'restay_bench';
/** --keep leaves the seeded database in place for EXPLAIN; drop it by hand afterwards. */
const keep = 'keep' in args || process.env.BENCH_KEEP === '1';
/** --reuse runs against a database kept by an earlier --keep run (new migrations applied, no re-seed). */
const reuse = 'reuse' in args || 'profile' in args;
/** The steady listing write rate of phase 3: a busy marketplace's holds, releases and new prices. */
const WRITES_PER_SECOND = 50;

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
  const database: BenchDatabase = {
    handle: await open(),
    open,
    server: dataDir ? { dataDir } : { url: benchUrl.toString() },
  };
  try {
    const mix = repeatedSearches();
    if ('profile' in args) {
      await profile(database.handle, mix);
      return;
    }
    await migrate(database.handle);
    if (!reuse) await seedListings(database.handle, rows);
    // Every search converts its price bounds: the rates a server stores at start, before any phase, so the
    // query-layer phase does not depend on the API process having refreshed them first.
    await storeShippedRates(database.handle.db);
    await settleAfterLoad(database.handle);

    const timing = { rounds, seconds: duration / rounds, connections };
    console.log(
      `Each phase: ${rounds} round${rounds === 1 ? '' : 's'} of ${timing.seconds} s per path after a warm-up; API through server/main.ts in its own process, SQL straight through the query layer in this process.`,
    );
    console.log(`1. Repeated searches: ${mix.length} popular searches round robin`);
    await comparePaths(database, roundRobin(mix), timing);

    const seen = new Map<string, number>();
    console.log('2. Distinct searches: random cities, prices, sorts and dates');
    const quiet = await comparePaths(database, distinctSearches(seen), timing);
    console.log(`  ${(askedOnce(seen) * 100).toFixed(0)}% of these searches were asked once`);

    if (admin) {
      console.log(`3. Distinct searches under ${WRITES_PER_SECOND} listing writes/s (new prices, holds, releases)`);
      const writes = startWriteLoad(benchUrl.toString(), await liveListingIds(benchUrl.toString()), WRITES_PER_SECOND);
      const busy = await comparePaths(database, distinctSearches(new Map()), timing).catch(async (error: unknown) => {
        await writes.stop().catch(() => undefined);
        throw error;
      });
      const written = await writes.stop();
      console.log(`  writes: ${written.length}; commit latency ms: ${latencySummary(written, 'write').text}`);
      console.log(
        `  p95 with writes / without: API ${(busy.api.p95 / quiet.api.p95).toFixed(2)}, SQL ${(busy.sql.p95 / quiet.sql.p95).toFixed(2)}`,
      );
    } else {
      console.log('3. Searches under writes: PostgreSQL only (one process at a time opens a PGlite database)');
    }
    await profile(database.handle, mix);
  } finally {
    await database.handle.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    if (admin) {
      if (!keep && !reuse) await admin.query(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`);
      await admin.end();
    }
  }
}

await main();
