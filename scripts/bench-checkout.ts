/**
 * `npm run bench:checkout`: what a buyer waits for at the two moments money moves, measured through the real API
 * with its built-in stand-ins (the Mews adapter against the demo PMS, the `stripe` client against the test
 * checkout, which signs and delivers its webhook back to the API):
 *  1. creating a checkout session (POST /api/payment/create-checkout-session): hold, PMS re-read, provider call;
 *  2. from the card being paid on the checkout page to the sale being recorded (listing `sold`, seen by polling),
 *     and on to the reservation being in the buyer's name at the demo hotel (order `transferred`), with the job
 *     worker running at the server's own interval (its wait for the next round is part of the figure).
 * A pass with one buyer at a time also splits each checkout creation into provider time (the calls to the
 * payment provider and the hotel's system, stand-ins included) and the API's own time (the rest). The hotel's
 * resale policy check that import and checkout creation run (the hotel's standing read, then the verdict) is
 * timed on its own: what the policy adds to each.
 *
 *   npm run bench:checkout -- [--driver=pglite|postgres] [--rounds=4] [--concurrency=8] [--url=postgres://…]
 *
 * The server runs in this process (one event loop with the load), so figures are an upper bound of server time.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { SignJWT } from 'jose';
import { sql, type Kysely } from 'kysely';
import { PAYMENT_RECORDED_STATES } from '../contract/order-state.ts';
import pg from 'pg';
import { pino } from 'pino';
import { createAdapters } from '../server/adapters.ts';
import { createApp } from '../server/app.ts';
import { JobRegistry } from '../server/jobs/registry.ts';
import { startJobWorker } from '../server/jobs/worker.ts';
import { buyingDeps } from '../server/payments/deps.ts';
import { registerBuyingJobs } from '../server/buying-jobs.ts';
import { systemClock } from '../server/clock.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { migrate } from '../server/db/migrate.ts';
import { seedDemoData } from '../server/standins/demo/seed.ts';
import { publishDemoPolicies } from '../server/standins/demo/demo-policies.ts';
import { hotelDeps } from '../server/hotels/deps.ts';
import { importConfiguredHotels } from '../server/hotels/hotel-tokens.ts';
import { createSelfOrigin } from '../server/http/self-origin.ts';
import type { Database } from '../server/db/schema.ts';
import { hotelReasons } from '../server/selling/hotel-allows.ts';
import type { Pms } from '../server/selling/pms/pms.ts';

const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => arg.replace(/^--/, '').split('=') as [string, string?]),
);
const driver = (args.driver ?? process.env.BENCH_DRIVER ?? 'pglite') as 'pglite' | 'postgres';
const rounds = Number(args.rounds ?? 4);
const concurrency = Number(args.concurrency ?? 8);
const adminUrl = args.url ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`--rounds must be a whole number from 1, not ${rounds}`);
if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error(`--concurrency must be a whole number from 1`);

const SUPABASE_URL = 'http://bench.invalid';
const JWT_SECRET = randomBytes(32).toString('hex');
const BENCH_DB = 'restay_bench_checkout';

async function withAdmin(work: (client: pg.Client) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

async function openBenchDatabase() {
  if (driver === 'pglite') return { handle: await openDatabase({}), drop: async () => {} };
  await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`));
  await withAdmin((client) => client.query(`CREATE DATABASE ${BENCH_DB}`));
  const url = new URL(adminUrl);
  url.pathname = `/${BENCH_DB}`;
  return {
    handle: await openDatabase({ url: url.toString() }),
    drop: () => withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`)),
  };
}

async function headersFor(userId: string) {
  const token = await new SignJWT({ role: 'authenticated', email: `${userId.slice(0, 8)}@bench.example` })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(`${SUPABASE_URL}/auth/v1`)
    .setAudience('authenticated')
    .setSubject(userId)
    .setIssuedAt()
    .setExpirationTime('2h')
    .sign(new TextEncoder().encode(JWT_SECRET));
  return { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
function summary(name: string, samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const figure = (p: number) => percentile(sorted, p).toFixed(1);
  console.log(
    `${name}: n=${sorted.length}  p50 ${figure(50)} ms  p95 ${figure(95)} ms  p99 ${figure(99)} ms  max ${sorted.at(-1)?.toFixed(1)} ms`,
  );
}

/** Time spent in calls to outside services, summed while a measured request runs. */
let providerMs = 0;

/** The adapter with every method call timed into `providerMs` (promises until they settle). */
function timed<T extends object>(adapter: T): T {
  return new Proxy(adapter, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key);
      if (typeof value !== 'function') return value;
      return (...callArgs: unknown[]) => {
        const started = performance.now();
        const add = () => void (providerMs += performance.now() - started);
        const result: unknown = value.apply(target, callArgs);
        if (result instanceof Promise) return result.finally(add);
        add();
        return result;
      };
    },
  });
}

/** Runs `work` over `items` with at most `limit` in flight. */
async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      for (let item = items[next++]; item !== undefined; item = items[next++]) await work(item);
    }),
  );
}

async function main() {
  const { handle: database, drop } = await openBenchDatabase();
  await migrate(database);
  await seedDemoData(database.db);
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    PORT: '0',
    SUPABASE_URL,
    SUPABASE_ANON_KEY: 'bench',
    SUPABASE_JWT_SECRET: JWT_SECRET,
  });
  const logger = pino({ level: 'silent' });
  const selfOrigin = createSelfOrigin();
  const created = await createAdapters({ config, database, logger, clock: systemClock, selfOrigin });
  const adapters = { ...created, payments: timed(created.payments), pms: timed(created.pms) };
  const app = createApp({ config, database, logger, clock: systemClock, adapters });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  selfOrigin.listeningOn(server.address());
  // As at start-up, the demo hotels join and publish their resale policy; until then none of their stays sells.
  const hotels = hotelDeps({ database, clock: systemClock, adapters, config, logger });
  await importConfiguredHotels({ ...hotels, pms: adapters.pms }, adapters.configuredHotelTokens);
  await publishDemoPolicies(database.db, new Date());
  const stopStandIns = adapters.standIns.start();
  const registry = registerBuyingJobs(
    new JobRegistry(),
    buyingDeps({ database, clock: systemClock, adapters, config, logger }),
  );
  const stopJobWorker = startJobWorker({ db: database.db, clock: systemClock, logger, registry, notices: database });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const call = async (path: string, init: RequestInit) => {
    const response = await fetch(base + path, init);
    return { status: response.status, body: (await response.json()) as { data: { sessionId: string } } };
  };

  const listings = await database.db
    .selectFrom('listings')
    .select(['id', 'price_cents'])
    .where('status', '=', 'active')
    .execute();
  if (listings.length === 0) throw new Error('the demo data has no active listing to buy: nothing to measure');
  const buyers = await Promise.all(listings.map(async () => headersFor(randomUUID())));
  console.log(`${driver}: ${listings.length} demo listings, ${rounds} rounds, ${concurrency} buyers at a time`);

  const checkoutBody = (listing: (typeof listings)[number]) =>
    JSON.stringify({
      listingId: listing.id,
      amount: listing.price_cents / 100,
      // The hotel needs the guest's name as on their ID.
      guestFirstName: 'Bench',
      guestLastName: 'Buyer',
      successUrl: `${config.publicUrl}/payment/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${config.publicUrl}/payment/cancel`,
    });

  // 1. Create a session for every listing, then cancel it (the hold is released), round after round. The first
  // round is reported apart: the PMS adapter does not yet know which hotel holds each reservation and asks each.
  const createMs: number[][] = [];
  for (let round = 0; round < rounds; round++) {
    const samples: number[] = [];
    createMs.push(samples);
    await pool(
      listings.map((listing, index) => ({ listing, headers: buyers[index] })),
      concurrency,
      async ({ listing, headers }) => {
        const started = performance.now();
        const created = await call('/api/payment/create-checkout-session', {
          method: 'POST',
          headers,
          body: checkoutBody(listing),
        });
        samples.push(performance.now() - started);
        if (created.status !== 200)
          throw new Error(`checkout answered ${created.status}: ${JSON.stringify(created.body)}`);
        const cancelled = await call('/api/payment/cancel', {
          method: 'POST',
          headers,
          body: JSON.stringify({ sessionId: created.body.data.sessionId }),
        });
        if (cancelled.status !== 200)
          throw new Error(`cancel answered ${cancelled.status}: ${JSON.stringify(cancelled.body)}`);
      },
    );
  }
  summary('create checkout session, first round', createMs[0] ?? []);
  if (rounds > 1) summary('create checkout session, later rounds', createMs.slice(1).flat());

  // 1b. One buyer at a time, so that the provider time summed during a request is that request's own.
  const ownMs: number[] = [];
  const outsideMs: number[] = [];
  for (const [index, listing] of listings.entries()) {
    const headers = buyers[index];
    providerMs = 0;
    const started = performance.now();
    const created = await call('/api/payment/create-checkout-session', {
      method: 'POST',
      headers,
      body: checkoutBody(listing),
    });
    const total = performance.now() - started;
    if (created.status !== 200) throw new Error(`checkout answered ${created.status}: ${JSON.stringify(created.body)}`);
    outsideMs.push(providerMs);
    ownMs.push(total - providerMs);
    await call('/api/payment/cancel', {
      method: 'POST',
      headers,
      body: JSON.stringify({ sessionId: created.body.data.sessionId }),
    });
  }
  summary("create checkout session, one at a time: the API's own time", ownMs);
  summary('create checkout session, one at a time: provider time', outsideMs);
  await timePolicyCheck(database.db, created.pms, listings, rounds);

  // 2. Pay each listing with the test card and wait for the sale to be recorded from the webhook.
  const saleMs: number[] = [];
  const paidAt = new Map<string, number>();
  await pool(
    listings.map((listing, index) => ({ listing, headers: buyers[index] })),
    concurrency,
    async ({ listing, headers }) => {
      const created = await call('/api/payment/create-checkout-session', {
        method: 'POST',
        headers,
        body: checkoutBody(listing),
      });
      const started = performance.now();
      paidAt.set(listing.id, performance.timeOrigin + started);
      const paid = await fetch(`${base}/test-checkout/${created.body.data.sessionId}/pay`, {
        method: 'POST',
        body: new URLSearchParams({
          number: '4242 4242 4242 4242',
          expiry: '12 / 34',
          cvc: '123',
          name: 'Bench Buyer',
        }),
        redirect: 'manual',
      });
      if (paid.status !== 303) throw new Error(`paying answered ${paid.status}`);
      for (;;) {
        const row = await database.db
          .selectFrom('listings')
          .select('status')
          .where('id', '=', listing.id)
          .executeTakeFirstOrThrow();
        if (row.status === 'sold') break;
        if (performance.now() - started > 30_000) throw new Error(`listing ${listing.id} not sold after 30 s`);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      saleMs.push(performance.now() - started);
    },
  );
  summary('payment to sale recorded', saleMs);
  summary("payment to reservation in the buyer's name", await transferTimes(database.db, paidAt));

  await stopJobWorker();
  await stopStandIns();
  await new Promise((resolve) => server.close(resolve));
  await database.close();
  await drop();
}

/**
 * What the hotel's resale policy adds to import and to checkout creation: the check both run (`hotelReasons`: the
 * hotel's standing and live policy in one read, then the verdict), on each listed stay as its hotel's system gives
 * it, `rounds` times over, one at a time so each figure is that check's own. Checkout's names the asking price.
 */
async function timePolicyCheck(
  db: Kysely<Database>,
  pms: Pms,
  listings: { id: string; price_cents: number }[],
  rounds: number,
) {
  const stays = await db
    .selectFrom('listings')
    .innerJoin('reservations', 'reservations.id', 'listings.reservation_id')
    .select(['reservations.external_id', 'listings.price_cents'])
    .where(
      'listings.id',
      'in',
      listings.map((listing) => listing.id),
    )
    .execute();
  const reservations = await Promise.all(
    stays.map(async (stay) => {
      const lookup = await pms.findByExternalId(stay.external_id);
      return { reservation: lookup.kind === 'found' ? lookup.reservation : null, price: stay.price_cents };
    }),
  );
  const importMs: number[] = [];
  const checkoutMs: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const { reservation, price } of reservations) {
      if (!reservation) continue;
      let started = performance.now();
      await hotelReasons(db, reservation, new Date());
      importMs.push(performance.now() - started);
      started = performance.now();
      const { reasons } = await hotelReasons(db, reservation, new Date(), price);
      checkoutMs.push(performance.now() - started);
      if (reasons.length) throw new Error(`the demo hotel refuses a listed stay: ${reasons[0]!.message}`);
    }
  }
  summary('resale policy check added to import', importMs);
  summary('resale policy check added to checkout creation', checkoutMs);
}

/**
 * Waits until every sale of a reservation the demo hotel transfers at once has left `paid`/`transferring`, and
 * returns the time from each payment to its transfer. The demo's always-refused and twice-failing reservations
 * are left out: they show the failure paths, not the handover's speed.
 */
async function transferTimes(
  db: Awaited<ReturnType<typeof openBenchDatabase>>['handle']['db'],
  paidAt: Map<string, number>,
) {
  const deadline = performance.now() + 60_000;
  for (;;) {
    const orders = await db
      .selectFrom('orders')
      .innerJoin('reservations', 'reservations.id', 'orders.reservation_id')
      .leftJoin('demo_pms_reservations as at_hotel', (join) =>
        join.on(sql<boolean>`at_hotel.id::text = reservations.external_id`),
      )
      .select(['orders.listing_id', 'orders.state', 'orders.transferred_at'])
      .where('orders.listing_id', 'in', [...paidAt.keys()])
      .where('orders.state', 'in', PAYMENT_RECORDED_STATES)
      .where('at_hotel.transfer_behaviour', 'is', null)
      .execute();
    if (orders.every((order) => order.state !== 'paid' && order.state !== 'transferring')) {
      const failed = orders.filter((order) => !order.transferred_at);
      if (failed.length) throw new Error(`${failed.length} sales were not transferred by the demo hotel`);
      return orders.map((order) => order.transferred_at!.getTime() - paidAt.get(order.listing_id)!);
    }
    if (performance.now() > deadline) throw new Error('sales still waiting for their transfer after 60 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
