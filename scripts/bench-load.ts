/**
 * `npm run bench:load`: a mixed, bounded load against the started production build (dist/, built first when
 * missing) with its embedded defaults (built-in auth server, demo PMS, test checkout, development mailbox).
 * `--connections` people at once, each behind the proxy at its own address, sign in and then for `--seconds`
 * (pausing about `--think-ms` between steps, as a person reads; 0: flat out) search, open listings, ask for codes, list demo reservations, edit their prices, open and leave or pay
 * checkouts, and replay the provider's webhooks. With `--instances=N` (PostgreSQL) N servers share the database
 * behind a round-robin proxy, as a scaled-out deployment runs. Reports p50/p95/p99/max, throughput and statuses
 * per route, each instance's memory and database connections, then checks that no write was lost: every listing
 * created is there, every paid checkout ends in a recorded payment.
 * Exits 1 on a reply other than 2xx/3xx/409/429, a request slower than `--max-ms`, a lost write, an instance's pool
 * over its size, or (in runs of two minutes or more) an instance's memory growing more than 15% after its
 * first minute.
 *
 *   npm run bench:load -- [--driver=pglite|postgres] [--instances=1] [--seconds=30] [--connections=16]
 *                          [--think-ms=1000] [--max-ms=2000] [--url=…]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { PAYMENT_RECORDED_STATES } from '../contract/order-state.ts';
import { loadLocalSecrets } from '../server/local-secrets.ts';
import { residentMiB, watchConnections, type ConnectionPeaks } from './load/instance-watch.ts';
import { Recorder } from './load/recorder.ts';
import { memoryCheckpointSeconds, reportLoad, type Instance } from './load/load-report.ts';
import { startRoundRobinProxy } from './load/round-robin-proxy.ts';
import { freePort, startProductionBuild } from './production-server.ts';
import { Visitor, type DemoReservation, type LoadWorld } from './load/visitor.ts';

const { values } = parseArgs({
  options: {
    driver: { type: 'string', default: 'pglite' },
    seconds: { type: 'string', default: '30' },
    connections: { type: 'string', default: '16' },
    instances: { type: 'string', default: '1' },
    'max-ms': { type: 'string', default: '2000' },
    'think-ms': { type: 'string', default: '1000' },
    url: { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const driver = values.driver as 'pglite' | 'postgres';
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const instances = Number(values.instances);
const slowestMs = Number(values['max-ms']);
const thinkMs = Number(values['think-ms']);
if (driver !== 'pglite' && driver !== 'postgres') throw new Error('--driver must be pglite or postgres');
if (!Number.isInteger(instances) || instances < 1) throw new Error('--instances must be a whole number from 1');
if (!(slowestMs > 0)) throw new Error('--max-ms must be above 0');
if (!(thinkMs >= 0)) throw new Error('--think-ms must be 0 or more');
// An embedded database belongs to one process: several instances share a PostgreSQL server.
if (instances > 1 && driver !== 'postgres') throw new Error('--instances above 1 needs --driver=postgres');
if (!(seconds > 0) || !Number.isInteger(connections) || connections < 1)
  throw new Error('--seconds must be above 0 and --connections a whole number from 1');

const WARM_UP_SECONDS = Math.min(5, seconds / 3);
const BENCH_DB = 'restay_bench_load';
/** What one person does next, by weight: mostly looking, some selling and buying, the provider's retries. */
const MIX: [number, (visitor: Visitor) => Promise<unknown>][] = [
  [38, (visitor) => visitor.search()],
  [25, (visitor) => visitor.detail()],
  [12, (visitor) => visitor.checkout()],
  [5, (visitor) => visitor.requestCode()],
  [4, (visitor) => visitor.sell()],
  [5, (visitor) => visitor.editPrice()],
  [7, (visitor) => visitor.redeliverWebhook()],
  [4, (visitor) => visitor.signIn()],
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

/** The bench database's address, with the instance's name as PostgreSQL shows it (its connections are counted). */
function databaseUrl(instance: string) {
  const url = new URL(values.url!);
  url.pathname = `/${BENCH_DB}`;
  url.searchParams.set('application_name', instance);
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

/** Signs everyone in, runs the load for the warm-up and the measured time, and reports; true when all is well. */
async function loadAndCheck(base: string, dataDir: string, servers: Instance[], watch?: ConnectionPeaks) {
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
  // Memory is compared between the checkpoint and the end of the run.
  const checkpoint = setTimeout(
    () => servers.forEach((server) => (server.rssAfterFirstMinute = residentMiB(server.pid))),
    (WARM_UP_SECONDS + memoryCheckpointSeconds(seconds)) * 1000,
  );
  await Promise.all(
    visitors.map(async (visitor) => {
      while (Date.now() < ends) {
        await nextStep(visitor);
        // A person reads what came back before the next step: about `--think-ms`, never in step with the others.
        if (thinkMs) await new Promise((resolve) => setTimeout(resolve, thinkMs * (0.5 + Math.random())));
      }
    }),
  );
  clearTimeout(checkpoint);
  for (const server of servers) server.rssAtEnd = residentMiB(server.pid);
  await watch?.stop();
  const lost = await lostWrites(world);
  return reportLoad({
    world,
    lost,
    seconds,
    warmUpSeconds: WARM_UP_SECONDS,
    label: `${driver}, ${instances} instance(s), about ${thinkMs} ms between a person's steps`,
    connections,
    slowestMs,
    servers,
    peaks: watch?.peaks,
  });
}

async function main() {
  if (driver === 'postgres') {
    await adminQuery(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`);
    await adminQuery(`CREATE DATABASE ${BENCH_DB}`);
  }
  // One data directory for every instance: the same local secrets and sign-in key, as replicas of one deployment.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'restay-bench-load-'));
  const ports = await Promise.all(Array.from({ length: instances }, () => freePort()));
  const proxyPort = instances > 1 ? await freePort() : undefined;
  const proxy = proxyPort ? await startRoundRobinProxy(proxyPort) : undefined;
  proxy?.setUpstreams(ports.map((port) => `http://127.0.0.1:${port}`));
  const servers: (Instance & { stop: () => Promise<void> })[] = [];
  const stopAll = async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await proxy?.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (driver === 'postgres') await adminQuery(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`);
  };
  try {
    // One after another: the first applies the migrations and the demo seed, the others find them done.
    for (const [index, port] of ports.entries()) {
      const name = `restay-${String.fromCharCode(97 + index)}`;
      const started = await startProductionBuild({
        dataDir,
        port,
        publicUrl: proxyPort ? `http://127.0.0.1:${proxyPort}` : undefined,
        databaseUrl: driver === 'postgres' ? databaseUrl(name) : '',
        // As deployed behind one proxy: each simulated person has its own address, so per-address limits apply.
        env: { TRUST_PROXY: '1' },
      });
      servers.push({ name, pid: started.pid, stop: started.stop });
    }
    const base = proxyPort ? `http://127.0.0.1:${proxyPort}` : `http://127.0.0.1:${ports[0]}`;
    const watch = driver === 'postgres' ? await watchConnections(values.url!, BENCH_DB) : undefined;
    const ok = await loadAndCheck(base, dataDir, servers, watch);
    await stopAll();
    process.exit(ok ? 0 : 1);
  } catch (error) {
    await stopAll();
    throw error;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
