/**
 * Alert matching benchmark (issue #20): seeds N saved searches (a realistic mix of city, hotel, map-area and
 * anywhere searches, many with dates or a price cap) over a few thousand listings, then lists new stays one at a
 * time and times the matching work for each (the `alerts.match_listing` job: finding the saved searches the
 * stay matches through the marketplace's own filter, and recording the notices), each step apart and together.
 * Prints p50/p95/p99.
 *
 *   npm run bench:alerts -- --driver=postgres --searches=100000 --listings=300
 *   BENCH_DRIVER=pglite npm run bench:alerts
 *
 * PostgreSQL: a scratch database `restay_bench_alerts` is created on BENCH_DATABASE_URL's server and dropped at
 * the end. PGlite: an in-memory database in this process.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import pg from 'pg';
import type { SavedQuery } from '../contract/alerts.ts';
import { findMatchingSearches } from '../server/alerts/match-listing.ts';
import { recordNotices } from '../server/alerts/record-notices.ts';
import { indexColumns } from '../server/alerts/saved-search-index.ts';
import { openDatabase, type DatabaseHandle } from '../server/db/client.ts';
import { migrate } from '../server/db/migrate.ts';
import { inTransaction } from '../server/db/transaction.ts';
import { BENCH_CITIES as CITIES, BENCH_HOTEL_WORDS as HOTEL_WORDS } from './bench-cities.ts';

const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => arg.replace(/^--/, '').split('=') as [string, string?]),
);
const driver = (args.driver ?? process.env.BENCH_DRIVER ?? 'pglite') as 'pglite' | 'postgres';
const searches = Number(args.searches ?? process.env.BENCH_SEARCHES ?? 100_000);
const newListings = Number(args.listings ?? process.env.BENCH_LISTINGS ?? 300);
const adminUrl = args.url ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BENCH_DB = 'restay_bench_alerts';
const SEARCHES_PER_PERSON = 5;
const SELLER = '00000000-0000-4000-8000-000000000001';
const DAY_MS = 86_400_000;
const NOW = new Date();

/** A fixed pseudo-random sequence, so every run seeds the same searches. */
let state = 20_260_020;
const random = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const dayAhead = (days: number) => isoDay(new Date(NOW.getTime() + days * DAY_MS));

function randomQuery(): SavedQuery {
  const [city, , lat, lng] = pick(CITIES);
  const query: SavedQuery = {};
  const kind = random();
  if (kind < 0.55) query.location = random() < 0.5 ? city : city.toLowerCase();
  else if (kind < 0.65) Object.assign(query, { location: city, hotelName: pick(HOTEL_WORDS) });
  else if (kind < 0.85) query.bounds = `${lat - 0.2},${lng - 0.3},${lat + 0.2},${lng + 0.3}`;
  if (random() < (kind >= 0.85 ? 0.9 : 0.35)) {
    const start = 1 + Math.floor(random() * 300);
    Object.assign(query, { startDate: dayAhead(start), endDate: dayAhead(start + 3 + Math.floor(random() * 12)) });
  }
  if (random() < (kind >= 0.85 ? 0.8 : 0.4)) query.maxPrice = String(80 + Math.floor(random() * 520));
  return query;
}

async function seedListingsAndPeople(handle: DatabaseHandle) {
  const cities = (column: number) => `ARRAY[${CITIES.map((c) => `'${c[column]}'`).join(',')}]`;
  const people = Math.ceil(searches / SEARCHES_PER_PERSON);
  await handle.withScriptSession((run) =>
    run(`
    INSERT INTO profiles (id, email) VALUES ('${SELLER}', 'seller@bench.test');
    INSERT INTO profiles (id, email)
      SELECT ('00000000-0000-4000-9000-' || lpad(n::text, 12, '0'))::uuid, 'p' || n || '@bench.test' FROM generate_series(1, ${people}) n;
    INSERT INTO alert_settings (user_id, next_digest_at)
      SELECT ('00000000-0000-4000-9000-' || lpad(n::text, 12, '0'))::uuid, now() + interval '1 day' FROM generate_series(1, ${people}) n;
    WITH r AS (
      INSERT INTO reservations (provider, external_id, confirmation_number, start_utc, end_utc, hotel_name, city, state, owner_id)
      SELECT 'demo', 'seed-' || n, 'S' || n, now() + (10 + n % 300) * interval '1 day', now() + (12 + n % 300) * interval '1 day',
             (${cities(0)})[1 + n % ${CITIES.length}] || ' ' || (ARRAY[${HOTEL_WORDS.map((w) => `'${w}'`).join(',')}])[1 + n % ${HOTEL_WORDS.length}] || ' Hotel ' || (n % 10),
             (${cities(0)})[1 + n % ${CITIES.length}], 'Confirmed', '${SELLER}'
      FROM generate_series(1, 2000) n RETURNING id, external_id, start_utc, end_utc, hotel_name, city
    )
    INSERT INTO listings (seller_id, reservation_id, title, price_cents, hotel_name, city, country, latitude, longitude, start_utc, end_utc)
    SELECT '${SELLER}', r.id, 'Room', 5000 + (substr(r.external_id, 6)::int * 7919) % 50000, r.hotel_name, r.city,
           (${cities(1)})[array_position(${cities(0)}, r.city)], (${cities(2)}::float8[])[array_position(${cities(0)}, r.city)],
           (${cities(3)}::float8[])[array_position(${cities(0)}, r.city)], r.start_utc, r.end_utc
    FROM r;`),
  );
}

async function seedSearches(handle: DatabaseHandle) {
  const started = performance.now();
  const remembered = new Map<string, Awaited<ReturnType<typeof indexColumns>>>();
  const BATCH = 2_000;
  for (let from = 0; from < searches; from += BATCH) {
    const values = [];
    for (let i = from; i < Math.min(searches, from + BATCH); i++) {
      const query = randomQuery();
      const key = JSON.stringify(query);
      let index = remembered.get(key);
      if (!index) remembered.set(key, (index = await indexColumns(handle.db, query)));
      const person = 1 + Math.floor(i / SEARCHES_PER_PERSON);
      values.push({
        user_id: `00000000-0000-4000-9000-${String(person).padStart(12, '0')}`,
        name: `Search ${i}`,
        query: key,
        frequency: random() < 0.7 ? ('instant' as const) : ('daily' as const),
        ...index,
        created_at: NOW,
        updated_at: NOW,
      });
    }
    await handle.db.insertInto('saved_searches').values(values).execute();
    process.stdout.write(
      `\r  seeded ${Math.min(searches, from + BATCH).toLocaleString('en-US')} saved searches (${((performance.now() - started) / 1000).toFixed(0)} s)`,
    );
  }
  process.stdout.write('\n');
}

/** A new stay at one of the seeded hotels (an existing place, as most new listings are). */
async function listNewStay(handle: DatabaseHandle, n: number): Promise<string> {
  // Hotels seeded as in seedListingsAndPeople (SQL arrays count from 1, so the same m picks the same hotel).
  const m = 1 + Math.floor(random() * 2_000);
  const [city, country, lat, lng] = CITIES[m % CITIES.length]!;
  const start = new Date(NOW.getTime() + (5 + Math.floor(random() * 300)) * DAY_MS);
  const end = new Date(start.getTime() + (1 + Math.floor(random() * 6)) * DAY_MS);
  const hotel = `${city} ${HOTEL_WORDS[m % HOTEL_WORDS.length]} Hotel ${m % 10}`;
  const reservation = await handle.db
    .insertInto('reservations')
    .values({
      provider: 'demo',
      external_id: `new-${n}`,
      confirmation_number: `N${n}`,
      start_utc: start,
      end_utc: end,
      hotel_name: hotel,
      city,
      state: 'Confirmed',
      owner_id: SELLER,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const listing = await handle.db
    .insertInto('listings')
    .values({
      seller_id: SELLER,
      reservation_id: reservation.id,
      title: 'Room',
      price_cents: 5_000 + Math.floor(random() * 50_000),
      hotel_name: hotel,
      city,
      country,
      latitude: lat,
      longitude: lng,
      start_utc: start,
      end_utc: end,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return listing.id;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

function report(label: string, timings: number[]) {
  const sorted = [...timings].sort((a, b) => a - b);
  console.log(
    `${label} (ms): p50 ${percentile(sorted, 50).toFixed(1)}  p95 ${percentile(sorted, 95).toFixed(1)}  p99 ${percentile(sorted, 99).toFixed(1)}  max ${sorted.at(-1)!.toFixed(1)}`,
  );
}

async function main() {
  console.log(
    `bench:alerts driver=${driver} saved searches=${searches.toLocaleString('en-US')} new listings=${newListings}`,
  );
  const admin = driver === 'postgres' ? new pg.Client({ connectionString: adminUrl }) : undefined;
  const benchUrl = new URL(adminUrl);
  benchUrl.pathname = `/${BENCH_DB}`;
  if (admin) {
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${BENCH_DB}`);
  }
  const handle = await openDatabase(admin ? { url: benchUrl.toString() } : {});
  try {
    await migrate(handle);
    await seedListingsAndPeople(handle);
    await seedSearches(handle);
    await handle.withScriptSession((run) => run('VACUUM ANALYZE'));

    const finding: number[] = [];
    const recording: number[] = [];
    let notices = 0;
    // The first few warm up caches and JIT; they are not recorded.
    const warmUp = 10;
    for (let n = 0; n < newListings + warmUp; n++) {
      const listing = await handle.db
        .selectFrom('listings')
        .select(['id', 'place_id', 'geo_cell', 'start_utc', 'end_utc', 'price_cents', 'price_eur_cents'])
        .where('id', '=', await listNewStay(handle, n))
        .executeTakeFirstOrThrow();
      // The two steps of the `alerts.match_listing` job (match-listing-change.ts), timed apart: finding the saved
      // searches grows with their number, recording grows with the number of people told.
      const started = performance.now();
      const matches = await findMatchingSearches(handle.db, listing, NOW);
      const found = performance.now();
      const change = {
        listingId: listing.id,
        reason: 'new' as const,
        priceCents: listing.price_cents,
        previousPriceCents: null,
      };
      const told = await inTransaction(handle.db, (trx) => recordNotices(trx, change, matches, NOW));
      if (n >= warmUp) {
        finding.push(found - started);
        recording.push(performance.now() - found);
        notices += told;
      }
    }
    const [count] = await sql<{ n: string }>`select count(*) as n from saved_searches`
      .execute(handle.db)
      .then((r) => r.rows);
    console.log(
      `saved searches: ${Number(count!.n).toLocaleString('en-US')}; people told per new stay: ${(notices / finding.length).toFixed(1)} on average`,
    );
    report('finding the saved searches one new listing matches', finding);
    report('recording the notices (one per person told)', recording);
    report(
      'the whole job',
      finding.map((ms, i) => ms + recording[i]!),
    );
  } finally {
    await handle.close();
    if (admin) {
      await admin.query(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`);
      await admin.end();
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
