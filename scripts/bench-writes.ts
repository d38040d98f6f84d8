/**
 * Listing write benchmark (issue 49, ADR 0077): how much of the listings table's write throughput the product's
 * schema keeps. Seeds N listings, then runs the same listing writes (new prices, holds and releases; one
 * `UPDATE listings` per transaction) flat out at 16 and at 64 concurrent writers against
 *   (a) the product's fully migrated schema, and
 *   (b) a copy of that same database with the listings table's own triggers disabled: the same rows, indexes,
 *       constraints and foreign keys, so the difference is what the triggers cost;
 * in rounds that alternate between the two. Prints transactions per second, p50/p95 commit latency and the
 * ratio (a)/(b), and exits non-zero when the ratio is below --min-ratio (default 0.8) at either concurrency.
 *
 *   npm run bench:writes
 *   npm run bench:writes -- --url=postgres://postgres@127.0.0.1:5432/postgres --rows=100000 --seconds=10
 *
 * Two scratch databases are created on the server at --url (BENCH_DATABASE_URL) and dropped at the end.
 */
import pg from 'pg';
import { openDatabase } from '../server/db/client.ts';
import { migrate } from '../server/db/migrate.ts';
import { storeShippedRates } from '../tests/helpers/rates.ts';
import { latencySummary } from './bench-data/latency.ts';
import { liveListingIds, writeFlatOut } from './bench-data/listing-writes.ts';
import { seedListings, settleAfterLoad } from './bench-data/seed-listings.ts';

const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => arg.replace(/^--/, '').split('=') as [string, string?]),
);
const adminUrl = args.url ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const rows = Number(args.rows ?? 100_000);
const seconds = Number(args.seconds ?? 10);
/** The share of a trigger-free table's write throughput the product's schema must keep (issue 49). */
const minRatio = Number(args['min-ratio'] ?? 0.8);
const WRITERS = [16, 64];
/** Alternating rounds per concurrency (see compare). */
const ROUNDS = 4;
/** Unrecorded writes before each timed phase: connections, plan caches and the buffer cache warm up. */
const WARM_UP_SECONDS = 2;
const PRODUCT_DB = 'restay_bench_writes';
const BARE_DB = 'restay_bench_writes_bare';

const urlOf = (database: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
};

async function prepare(admin: pg.Client) {
  for (const database of [PRODUCT_DB, BARE_DB]) await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${PRODUCT_DB}`);
  const handle = await openDatabase({ url: urlOf(PRODUCT_DB) });
  try {
    await migrate(handle);
    await storeShippedRates(handle.db);
    await seedListings(handle, rows);
    await settleAfterLoad(handle);
  } finally {
    await handle.close();
  }
  // A byte-for-byte copy (the template must have no other session), so both tables start the same.
  await admin.query(`CREATE DATABASE ${BARE_DB} TEMPLATE ${PRODUCT_DB}`);
  const bare = new pg.Client({ connectionString: urlOf(BARE_DB) });
  await bare.connect();
  try {
    // USER leaves the foreign keys' internal triggers on: both sides check the same references.
    await bare.query('ALTER TABLE listings DISABLE TRIGGER USER');
    const { rows: left } = await bare.query(
      `SELECT tgname FROM pg_trigger WHERE tgrelid = 'listings'::regclass AND NOT tgisinternal AND tgenabled <> 'D'`,
    );
    if (left.length) throw new Error(`triggers still on in ${BARE_DB}: ${left.map((t) => t.tgname).join(', ')}`);
  } finally {
    await bare.end();
  }
}

/**
 * Both databases at one concurrency, in ROUNDS alternating rounds (bare, product, product, bare, ...): the
 * host's speed drifts by tens of percent over seconds (a shared VM), and one block each would compare two
 * moments of the host as much as two schemas. Each side gets `seconds` in all, after a warm-up.
 */
async function compare(ids: string[], writers: number) {
  const latencies = new Map<string, number[]>([
    [BARE_DB, []],
    [PRODUCT_DB, []],
  ]);
  for (const database of latencies.keys()) await writeFlatOut(urlOf(database), ids, writers, WARM_UP_SECONDS);
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? [BARE_DB, PRODUCT_DB] : [PRODUCT_DB, BARE_DB];
    for (const database of order) {
      latencies.get(database)!.push(...(await writeFlatOut(urlOf(database), ids, writers, seconds / ROUNDS)));
    }
  }
  const figures = (database: string) => {
    const all = latencies.get(database)!;
    return { tps: all.length / seconds, ...latencySummary(all, `write to ${database}`) };
  };
  return { bare: figures(BARE_DB), product: figures(PRODUCT_DB) };
}

async function main() {
  console.log(`bench:writes rows=${rows.toLocaleString('en-US')} seconds=${seconds} writers=${WRITERS.join(',')}`);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  let tooSlow = false;
  try {
    await prepare(admin);
    const ids = await liveListingIds(urlOf(PRODUCT_DB));
    const row = (name: string, r: Awaited<ReturnType<typeof compare>>['bare']) =>
      `  ${name.padEnd(22)} ${r.tps.toFixed(0).padStart(6)} tps   commit ms p50 ${r.p50.toFixed(2)}  p95 ${r.p95.toFixed(2)}`;
    for (const writers of WRITERS) {
      const { bare, product } = await compare(ids, writers);
      const ratio = product.tps / bare.tps;
      tooSlow ||= ratio < minRatio;
      console.log(`${writers} writers:`);
      console.log(row('product schema', product));
      console.log(row('no listings triggers', bare));
      console.log(`  ratio ${ratio.toFixed(2)} (at least ${minRatio} wanted)`);
    }
  } finally {
    for (const database of [PRODUCT_DB, BARE_DB]) await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  }
  if (tooSlow) {
    console.error(`The product's schema keeps less than ${minRatio * 100}% of the write throughput.`);
    process.exitCode = 1;
  }
}

await main();
