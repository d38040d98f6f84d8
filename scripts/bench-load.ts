/**
 * `npm run bench:load`: a mixed, bounded load against the started production build (dist/, built first when
 * missing) with its embedded defaults (built-in auth server, demo PMS, test checkout, development mailbox).
 * `--connections` people at once, each behind the proxy at its own address, sign in and then for `--seconds`
 * search, open listings, ask for codes, list demo reservations, open and leave or pay checkouts, and replay the
 * provider's webhooks. Reports p50/p95/p99, throughput and statuses per route, then checks that no write was
 * lost: every listing created is there, every paid checkout ends in a recorded payment.
 * Exits 1 on a reply other than 2xx/3xx/409/429 or on a lost write.
 *
 *   npm run bench:load -- [--driver=pglite|postgres] [--seconds=30] [--connections=16] [--url=postgres://…]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { PAYMENT_RECORDED_STATES } from '../contract/order-state.ts';
import { loadLocalSecrets } from '../server/local-secrets.ts';
import { Recorder } from './load/recorder.ts';
import { startProductionBuild } from './production-server.ts';
import { Visitor, type DemoReservation, type LoadWorld } from './load/visitor.ts';

const { values } = parseArgs({
  options: {
    driver: { type: 'string', default: 'pglite' },
    seconds: { type: 'string', default: '30' },
    connections: { type: 'string', default: '16' },
    url: { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const driver = values.driver as 'pglite' | 'postgres';
const seconds = Number(values.seconds);
const connections = Number(values.connections);
if (driver !== 'pglite' && driver !== 'postgres') throw new Error('--driver must be pglite or postgres');
if (!(seconds > 0) || !Number.isInteger(connections) || connections < 1)
  throw new Error('--seconds must be above 0 and --connections a whole number from 1');

const WARM_UP_SECONDS = Math.min(5, seconds / 3);
const BENCH_DB = 'restay_bench_load';
/** What one person does next, by weight: mostly looking, some selling and buying, the provider's retries. */
const MIX: [number, (visitor: Visitor) => Promise<unknown>][] = [
  [40, (visitor) => visitor.search()],
  [25, (visitor) => visitor.detail()],
  [12, (visitor) => visitor.checkout()],
  [6, (visitor) => visitor.requestCode()],
  [4, (visitor) => visitor.sell()],
  [8, (visitor) => visitor.redeliverWebhook()],
  [5, (visitor) => visitor.signIn()],
];

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: values.url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

function databaseUrl() {
  const url = new URL(values.url!);
  url.pathname = `/${BENCH_DB}`;
  return url.toString();
}

function nextStep(visitor: Visitor) {
  const total = MIX.reduce((sum, [weight]) => sum + weight, 0);
  let roll = Math.random() * total;
  for (const [weight, step] of MIX) if ((roll -= weight) < 0) return step(visitor);
  return visitor.search();
}

async function listableReservations(base: string): Promise<DemoReservation[]> {
  const reply = (await (await fetch(`${base}/dev/pms.json`)).json()) as { data: DemoReservation[] };
  return reply.data.filter(
    (stay) =>
      stay.state === 'Confirmed' && Date.parse(stay.startUtc) > Date.now() && stay.email.endsWith('@example.com'),
  );
}

/** Every listing created answers with its title; every paid checkout reaches a recorded payment within 60 s. */
async function lostWrites(world: LoadWorld): Promise<string[]> {
  const lost: string[] = [];
  for (const listing of world.created) {
    const reply = await fetch(`${world.base}/api/listings/${listing.id}`);
    const body = (await reply.json()) as { data?: { title?: string } };
    if (body.data?.title !== listing.title) lost.push(`listing ${listing.id} (${reply.status})`);
  }
  const deadline = Date.now() + 60_000;
  for (const sale of world.paid) {
    for (;;) {
      const reply = await fetch(`${world.base}/api/payment/session-status/${sale.sessionId}`, {
        headers: sale.headers,
      });
      const status = ((await reply.json()) as { data?: { status?: string } }).data?.status ?? `HTTP ${reply.status}`;
      if ((PAYMENT_RECORDED_STATES as readonly string[]).includes(status)) break;
      if (Date.now() > deadline) {
        lost.push(`payment ${sale.sessionId} (${status})`);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  return lost;
}

function report(world: LoadWorld, lost: string[]) {
  const figures = world.recorder.figures(seconds).sort((a, b) => b.count - a.count);
  const ms = (value: number) => value.toFixed(1).padStart(7);
  console.log(
    `\n${driver}: ${connections} connections, ${seconds} s measured after ${WARM_UP_SECONDS.toFixed(1)} s of warm-up (times in ms)`,
  );
  console.log(`${'route'.padEnd(46)}      n     p50     p95     p99   req/s  errors  statuses`);
  for (const row of figures) {
    const statuses = Object.entries(row.statuses)
      .map(([status, n]) => `${status}×${n}`)
      .join(' ');
    console.log(
      `${row.route.padEnd(46)} ${String(row.count).padStart(6)} ${ms(row.p50)} ${ms(row.p95)} ${ms(row.p99)} ${row.perSecond.toFixed(1).padStart(7)} ${String(row.errors).padStart(7)}  ${statuses}`,
    );
  }
  const total = figures.reduce((sum, row) => sum + row.count, 0);
  const errors = figures.reduce((sum, row) => sum + row.errors, 0);
  console.log(`all routes: ${total} requests, ${(total / seconds).toFixed(1)} req/s, ${errors} errors`);
  console.log(
    `writes checked: ${world.created.length} listings created, ${world.paid.length} checkouts paid; lost: ${lost.length ? lost.join(', ') : 0}`,
  );
  return errors === 0 && lost.length === 0;
}

/** Signs everyone in, runs the load for the warm-up and the measured time, and reports; true when all is well. */
async function loadAndCheck(base: string, dataDir: string): Promise<boolean> {
  const secrets = loadLocalSecrets(dataDir);
  const world: LoadWorld = {
    base,
    recorder: new Recorder(),
    stripeSecretKey: secrets.stripeSecretKey,
    stripeWebhookSecret: secrets.stripeWebhookSecret,
    listingIds: [],
    created: [],
    paid: [],
  };
  const reservations = await listableReservations(base);
  const visitors = Array.from(
    { length: connections },
    (_, index) =>
      new Visitor(
        world,
        index,
        reservations.filter((_, stay) => stay % connections === index),
      ),
  );
  for (const visitor of visitors) while (!(await visitor.signIn())) await new Promise((r) => setTimeout(r, 1_000));
  await visitors[0]!.search();

  const ends = Date.now() + (WARM_UP_SECONDS + seconds) * 1000;
  setTimeout(() => (world.recorder.measuring = true), WARM_UP_SECONDS * 1000);
  await Promise.all(
    visitors.map(async (visitor) => {
      while (Date.now() < ends) await nextStep(visitor);
    }),
  );
  return report(world, await lostWrites(world));
}

async function main() {
  if (driver === 'postgres') {
    await adminQuery(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`);
    await adminQuery(`CREATE DATABASE ${BENCH_DB}`);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'restay-bench-load-'));
  const { base, stop } = await startProductionBuild({
    dataDir,
    databaseUrl: driver === 'postgres' ? databaseUrl() : '',
    // As deployed behind one proxy: each simulated person has its own address, so per-address limits apply.
    env: { TRUST_PROXY: '1' },
  });
  const ok = await loadAndCheck(base, dataDir).finally(async () => {
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (driver === 'postgres') await adminQuery(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`);
  });
  process.exit(ok ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
