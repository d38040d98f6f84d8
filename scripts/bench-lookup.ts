/**
 * `npm run bench:lookup`: how long importing a reservation by confirmation number takes when many hotels are
 * connected, through the real Mews adapter against the demo PMS served over HTTP on a loopback port, each
 * lookup by a new adapter (as another instance, or after a restart):
 *  1. a number the hotel directory does not know yet (booked since its last sync), found in a random hotel:
 *     the hotels are asked concurrently; then the same just-booked numbers when the seller names the hotel (the
 *     import form's optional hotel), and when the hotel's webhook has named the reservation (a job reads it);
 *  2. the hotel directory sync over every hotel, as the API runs it every ten minutes;
 *  3. the same numbers imported after the sync: their own hotel is asked first;
 *  4. the same reservations re-read by their PMS id, which asks the hotel remembered in the database first.
 *
 *   npm run bench:lookup -- [--hotels=1000] [--lookups=40] [--driver=pglite|postgres] [--url=postgres://…]
 *
 * Goal: p95 of importing a just-booked reservation under 1 s with 1,000 hotels.
 */
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import express from 'express';
import pg from 'pg';
import { openDatabase } from '../server/db/client.ts';
import { migrate } from '../server/db/migrate.ts';
import { DEMO_MEWS_CLIENT_TOKEN } from '../server/standins/demo/demo-data.ts';
import { buildDemoPmsRows, emptyDemoPmsRows, type DemoPmsRows } from '../server/standins/demo/demo-rows.ts';
import { demoMewsRouter } from '../server/standins/mews/demo-mews-routes.ts';
import { databaseHotelDirectory } from '../server/selling/pms/hotel-directory.ts';
import { createMewsPms, hotelKeyOf } from '../server/selling/pms/mews-pms.ts';

const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => arg.replace(/^--/, '').split('=') as [string, string?]),
);
const hotels = Number(args.hotels ?? 1000);
const lookups = Number(args.lookups ?? 40);
const driver = (args.driver ?? 'pglite') as 'pglite' | 'postgres';
const adminUrl = args.url ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BENCH_DB = 'restay_bench_lookup';
for (const [name, value] of Object.entries({ hotels, lookups }))
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a whole number from 1`);

async function admin(query: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

async function openBenchDatabase() {
  if (driver === 'pglite') return { handle: await openDatabase({}), drop: async () => {} };
  await admin(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${BENCH_DB}`);
  const url = new URL(adminUrl);
  url.pathname = `/${BENCH_DB}`;
  return { handle: await openDatabase({ url: url.toString() }), drop: () => admin(`DROP DATABASE ${BENCH_DB}`) };
}

/**
 * `count` copies of the first demo hotel, each with its own ids, access token and confirmation numbers, so every
 * hotel answers like a real one (configuration, rooms, guests, prices).
 */
function manyHotels(now: Date, count: number) {
  const demo = buildDemoPmsRows(now);
  const enterprise = demo.enterprises[0]!;
  const own = <T extends { enterprise_id: string }>(rows: T[]) =>
    rows.filter((row) => row.enterprise_id === enterprise.id);
  const template: DemoPmsRows = {
    enterprises: [enterprise],
    rateGroups: own(demo.rateGroups),
    rates: own(demo.rates),
    categories: own(demo.categories),
    resources: own(demo.resources),
    customers: own(demo.customers),
    reservations: own(demo.reservations),
    orderItems: demo.orderItems.filter((item) => own(demo.reservations).some((r) => r.id === item.reservation_id)),
  };
  const tokens: string[] = [];
  const numbers: string[] = [];
  const rows = emptyDemoPmsRows();
  for (let h = 0; h < count; h++) {
    const ids = new Map<string, string>();
    const copy = <T extends object>(row: T, changes: Partial<T> = {}): T => {
      const entries = Object.entries(row).map(([key, value]) => {
        if (typeof value !== 'string' || !/^[0-9a-f-]{36}$/.test(value)) return [key, value];
        if (!ids.has(value)) ids.set(value, randomUUID());
        return [key, ids.get(value)];
      });
      return { ...(Object.fromEntries(entries) as T), ...changes };
    };
    const token = `BENCH-HOTEL-${h}`;
    tokens.push(token);
    rows.enterprises.push(copy(template.enterprises[0]!, { access_token: token, name: `Bench Hotel ${h}` }));
    rows.rateGroups.push(...template.rateGroups.map((row) => copy(row)));
    rows.rates.push(...template.rates.map((row) => copy(row)));
    rows.categories.push(...template.categories.map((row) => copy(row)));
    rows.resources.push(...template.resources.map((row) => copy(row)));
    rows.customers.push(...template.customers.map((row) => copy(row)));
    for (const reservation of template.reservations) {
      const number = `${reservation.number}-H${h}`;
      numbers.push(number);
      rows.reservations.push(copy(reservation, { number }));
    }
    rows.orderItems.push(...template.orderItems.map((row) => copy(row)));
  }
  return { rows, tokens, numbers };
}

async function insertRows(db: Awaited<ReturnType<typeof openBenchDatabase>>['handle']['db'], rows: DemoPmsRows) {
  const inChunks = async <T>(table: Parameters<typeof db.insertInto>[0], values: T[]) => {
    for (let i = 0; i < values.length; i += 500)
      await db
        .insertInto(table)
        .values(values.slice(i, i + 500) as never)
        .execute();
  };
  await inChunks('demo_pms_enterprises', rows.enterprises);
  await inChunks('demo_pms_rate_groups', rows.rateGroups);
  await inChunks('demo_pms_rates', rows.rates);
  await inChunks('demo_pms_resource_categories', rows.categories);
  await inChunks('demo_pms_resources', rows.resources);
  await inChunks('demo_pms_customers', rows.customers);
  await inChunks('demo_pms_reservations', rows.reservations);
  await inChunks('demo_pms_order_items', rows.orderItems);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
function report(name: string, samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const figure = (p: number) => percentile(sorted, p).toFixed(1);
  console.log(
    `${name}: n=${sorted.length}  p50 ${figure(50)} ms  p95 ${figure(95)} ms  max ${sorted.at(-1)!.toFixed(1)} ms`,
  );
}

async function main() {
  const { handle, drop } = await openBenchDatabase();
  let server: Server | undefined;
  try {
    await migrate(handle);
    const now = new Date();
    const { rows, tokens, numbers } = manyHotels(now, hotels);
    await insertRows(handle.db, rows);
    const app = express().use('/demo-mews', demoMewsRouter({ db: handle.db, clock: () => now }));
    server = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/demo-mews`;
    const adapter = () =>
      createMewsPms({
        platformUrl: () => url,
        clientToken: DEMO_MEWS_CLIENT_TOKEN,
        accessTokens: tokens,
        clientName: 'Restay bench',
        logger: { warn: (details: object, message: string) => console.error(message, details) },
        directory: databaseHotelDirectory({ db: handle.db, clock: () => now }),
      });
    console.log(`bench:lookup  driver=${driver}  hotels=${hotels}  lookups=${lookups}`);

    // A confirmation number booked since the last directory sync: every hotel is asked until one has it.
    const picked = [
      ...new Set(Array.from({ length: lookups }, () => numbers[Math.floor(Math.random() * numbers.length)]!)),
    ];
    /** Imports each picked number from a new adapter; answers the times taken and the reservations' PMS ids. */
    const importPicked = async () => {
      const times: number[] = [];
      const ids: string[] = [];
      for (const number of picked) {
        const started = performance.now();
        const lookup = await adapter().findByConfirmationNumber(number);
        const reservation = lookup.kind === 'found' ? lookup.reservation : null;
        times.push(performance.now() - started);
        if (reservation?.confirmationNumber !== number) throw new Error(`${number} was not found`);
        ids.push(reservation.externalId);
      }
      return { times, ids };
    };
    const { times: fanOut, ids: found } = await importPicked();
    report('import of a number not yet in the directory (every hotel asked)', fanOut);

    // The same just-booked numbers, their hotel named by the seller: that hotel is asked first.
    const tokenOf = (number: string) => tokens[Number(number.split('-H').at(-1))]!;
    await handle.db.deleteFrom('pms_hotel_directory').execute();
    const named: number[] = [];
    for (const number of picked) {
      const started = performance.now();
      const lookup = await adapter().findByConfirmationNumber(number, { hotelKey: hotelKeyOf(tokenOf(number)) });
      const reservation = lookup.kind === 'found' ? lookup.reservation : null;
      named.push(performance.now() - started);
      if (reservation?.confirmationNumber !== number) throw new Error(`${number} was not found`);
    }
    report('import of a just-booked number, its hotel named by the seller', named);

    // The same numbers after their hotel's webhook named them (the job that reads them is not on the import's path).
    await handle.db.deleteFrom('pms_hotel_directory').execute();
    for (const [index, number] of picked.entries())
      await adapter().learnReservations!(hotelKeyOf(tokenOf(number)), [found[index]!]);
    const { times: told } = await importPicked();
    report("import of a just-booked number its hotel's webhook named", told);

    // What the API does every ten minutes: learn which hotel holds each confirmation number.
    await handle.db.deleteFrom('pms_hotel_directory').execute();
    const syncStarted = performance.now();
    const synced = await adapter().syncDirectory!(now);
    const syncMs = performance.now() - syncStarted;
    if (synced.failed || synced.hotels !== hotels)
      throw new Error(`the directory sync missed hotels: ${JSON.stringify(synced)}`);
    console.log(
      `directory sync of ${synced.hotels} hotels (${synced.reservations} reservations): ${(syncMs / 1000).toFixed(1)} s`,
    );
    const { times: imports } = await importPicked();
    report('import by confirmation number (after the directory sync)', imports);

    const restarted = adapter();
    const rereads: number[] = [];
    for (const externalId of found) {
      const started = performance.now();
      if ((await restarted.findByExternalId(externalId)).kind !== 'found')
        throw new Error(`${externalId} was not re-read`);
      rereads.push(performance.now() - started);
    }
    report('re-read by PMS id after a restart', rereads);
  } finally {
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    await handle.close();
    await drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
