import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MEWS_CLIENT_TOKEN, demoMewsAccessTokens } from '../../server/standins/demo/demo-data.ts';
import { seedDemoData } from '../../server/standins/demo/seed.ts';
import { demoMewsRouter } from '../../server/standins/mews/demo-mews-routes.ts';
import { databaseHotelDirectory } from '../../server/selling/pms/hotel-directory.ts';
import { createMewsPms, hotelKeyOf } from '../../server/selling/pms/mews-pms.ts';
import { createTestDatabase } from '../helpers/test-database.ts';
import { nullablePms } from '../helpers/nullable-pms.ts';

/**
 * The hotel directory sync: the real Mews adapter reads every connected hotel's reservations from the demo PMS
 * over HTTP, so that importing a confirmation number asks its own hotel only, also from another instance.
 */
const NOW = new Date('2026-03-10T21:30:00Z');
const MINUTE_MS = 60_000;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let server: Server;
let url: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.db, NOW);
  const app = express().use('/demo-mews', demoMewsRouter({ db: database.db, clock: () => NOW }));
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/demo-mews`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await database?.dispose();
});

/** An API instance's adapter whose calls to the hotels are recorded: operation, access token and body. */
function instance(accessTokens = demoMewsAccessTokens(), clock = () => NOW) {
  const calls: { operation: string; accessToken: string; body: Record<string, unknown> }[] = [];
  const recording: typeof fetch = (input, init) => {
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    const operation = String(input).split('/api/connector/v1/')[1]!;
    calls.push({ operation, accessToken: String(body.AccessToken), body });
    return fetch(input, init);
  };
  const pms = nullablePms(
    createMewsPms({
      platformUrl: () => url,
      clientToken: DEMO_MEWS_CLIENT_TOKEN,
      accessTokens,
      clientName: 'Restay test',
      fetch: recording,
      directory: databaseHotelDirectory({ db: database.db, clock }),
    }),
  );
  const lookups = () => calls.filter((call) => call.operation === 'reservations/getAll/2023-06-06');
  return { pms, calls, lookups };
}

const demoReservations = () =>
  database.db.selectFrom('demo_pms_reservations').select(['number', 'enterprise_id']).execute();

const forgetEverything = async () => {
  await database.db.deleteFrom('pms_hotel_directory').execute();
  await database.db.deleteFrom('pms_hotel_sync').execute();
};

describe('the hotel directory sync', () => {
  it('learns every upcoming stay’s hotel, so a re-read or an import asks that hotel only, from any instance', async () => {
    await forgetEverything();
    const syncing = instance();
    const synced = await syncing.pms.syncDirectory!(NOW);
    expect(synced).toMatchObject({ hotels: demoMewsAccessTokens().length, failed: 0 });
    // The first sync reads upcoming stays in windows Mews accepts (at most three months each).
    const windows = syncing
      .lookups()
      .map((call) => call.body.ScheduledStartUtc as { StartUtc: string; EndUtc: string });
    for (const window of windows)
      expect(Date.parse(window.EndUtc) - Date.parse(window.StartUtc)).toBeLessThanOrEqual(89 * 24 * 60 * MINUTE_MS);

    const stays = await demoReservations();
    const upcoming = await database.db
      .selectFrom('demo_pms_reservations')
      .select(['number', 'id', 'enterprise_id'])
      .where('scheduled_start_utc', '>=', new Date(NOW.getTime() - 24 * 60 * MINUTE_MS))
      .execute();
    expect(synced.reservations).toBe(upcoming.length);
    expect(upcoming.length).toBeGreaterThan(stays.length / 2);

    // Another instance (or this one after a restart) re-reads one stay of each hotel by its id, as a checkout and
    // the handover do, by asking that hotel only, before any import has touched them...
    const rereading = instance();
    const oneStayPerHotel = new Map(upcoming.map((stay) => [stay.enterprise_id, stay]));
    expect(oneStayPerHotel.size).toBe(demoMewsAccessTokens().length);
    for (const { number, id } of oneStayPerHotel.values()) {
      const before = rereading.lookups().length;
      expect((await rereading.pms.findByExternalId(id))?.confirmationNumber).toBe(number);
      expect(rereading.lookups().slice(before)).toHaveLength(1);
    }
    // ...and imports each of them by asking one hotel.
    const importing = instance();
    for (const { number } of upcoming) {
      const before = importing.lookups().length;
      expect((await importing.pms.findByConfirmationNumber(number))?.confirmationNumber).toBe(number);
      expect(importing.lookups().slice(before)).toHaveLength(1);
    }
  });

  it('then reads only what changed since, and finds a stay booked after the last sync by asking every hotel', async () => {
    await forgetEverything();
    await instance().pms.syncDirectory!(NOW);

    const later = new Date(NOW.getTime() + 10 * MINUTE_MS);
    const next = instance(demoMewsAccessTokens(), () => later);
    expect(await next.pms.syncDirectory!(later)).toMatchObject({ hotels: demoMewsAccessTokens().length });
    for (const call of next.lookups()) {
      expect(call.body).not.toHaveProperty('ScheduledStartUtc');
      // From a little before the last sync, so a change made while it ran is not missed.
      expect(call.body.UpdatedUtc).toEqual({
        StartUtc: new Date(NOW.getTime() - 10 * MINUTE_MS).toISOString(),
        EndUtc: later.toISOString(),
      });
    }

    // A stay the directory does not know yet is still found: every hotel is asked, and then it is known.
    const stay = (await demoReservations()).at(-1)!;
    await database.db.deleteFrom('pms_hotel_directory').where('reference', '=', `number:${stay.number}`).execute();
    const importing = instance();
    expect((await importing.pms.findByConfirmationNumber(stay.number))?.confirmationNumber).toBe(stay.number);
    expect(importing.lookups().length).toBeGreaterThan(1);
    const again = instance();
    await again.pms.findByConfirmationNumber(stay.number);
    expect(again.lookups()).toHaveLength(1);
  });

  it('shares a round between instances: each hotel is read by one of them', async () => {
    await forgetEverything();
    const [first, second] = [instance(), instance()];
    const [a, b] = await Promise.all([first.pms.syncDirectory!(NOW), second.pms.syncDirectory!(NOW)]);
    expect(a.hotels + b.hotels).toBe(demoMewsAccessTokens().length);
    const readBy = (reader: ReturnType<typeof instance>) => new Set(reader.lookups().map((call) => call.accessToken));
    const [readByFirst, readBySecond] = [readBy(first), readBy(second)];
    expect(readByFirst.size + readBySecond.size).toBe(demoMewsAccessTokens().length);
    for (const token of readByFirst) expect(readBySecond.has(token)).toBe(false);
  });

  it('tries a hotel that failed again next round, and syncs the others meanwhile', async () => {
    await forgetEverything();
    const tokens = [...demoMewsAccessTokens(), 'REVOKED-ACCESS-TOKEN'];
    const round = await instance(tokens).pms.syncDirectory!(NOW);
    expect(round).toMatchObject({ hotels: tokens.length - 1, failed: 1 });
    const claim = await database.db
      .selectFrom('pms_hotel_sync')
      .selectAll()
      .where('hotel_key', '=', hotelKeyOf('REVOKED-ACCESS-TOKEN'))
      .executeTakeFirstOrThrow();
    expect(claim.synced_until).toBeNull();
    // Its claim lapses before the next round.
    const nextRound = new Date(NOW.getTime() + 10 * MINUTE_MS);
    const retried = instance(tokens, () => nextRound);
    await retried.pms.syncDirectory!(nextRound);
    expect(retried.lookups().some((call) => call.accessToken === 'REVOKED-ACCESS-TOKEN')).toBe(true);
  });

  it('stops after the hotel in hand when the server shuts down', async () => {
    await forgetEverything();
    const stopping = new AbortController();
    const syncing = instance();
    const round = syncing.pms.syncDirectory!(NOW, stopping.signal);
    stopping.abort();
    expect((await round).hotels).toBeLessThan(demoMewsAccessTokens().length);
  });
});

describe('finding a stay booked a moment ago without asking every hotel', () => {
  /** A demo stay with the access token of its own hotel and of another one. */
  async function stayWithTokens() {
    const tokens = demoMewsAccessTokens();
    const enterprises = await Promise.all(tokens.map((token) => instance().pms.enterpriseOf!(token)));
    const stay = await database.db
      .selectFrom('demo_pms_reservations')
      .select(['id', 'number', 'enterprise_id'])
      .where('enterprise_id', '=', enterprises.at(-1)!.id)
      .orderBy('number')
      .executeTakeFirstOrThrow();
    return { stay, own: tokens.at(-1)!, other: tokens[0]! };
  }

  it('asks the hotel the seller names first: one call', async () => {
    await forgetEverything();
    const { stay, own } = await stayWithTokens();
    const importing = instance();
    const found = await importing.pms.findByConfirmationNumber(stay.number, { hotelKey: hotelKeyOf(own) });
    expect(found?.confirmationNumber).toBe(stay.number);
    expect(importing.lookups().map((call) => call.accessToken)).toEqual([own]);
  });

  it('still finds it when the seller names the wrong hotel, by asking the others after it', async () => {
    await forgetEverything();
    const { stay, other } = await stayWithTokens();
    const importing = instance();
    const found = await importing.pms.findByConfirmationNumber(stay.number, { hotelKey: hotelKeyOf(other) });
    expect(found?.confirmationNumber).toBe(stay.number);
    expect(importing.lookups()[0]!.accessToken).toBe(other);
    expect(importing.lookups().length).toBeGreaterThan(1);
  });

  it('learns the hotel of reservations its webhook named, so their import asks that hotel only', async () => {
    await forgetEverything();
    const { stay, own } = await stayWithTokens();
    const learning = instance();
    expect(await learning.pms.learnReservations!(hotelKeyOf(own), [stay.id])).toBe(1);
    expect(learning.lookups()).toHaveLength(1);
    expect(learning.lookups()[0]!.body.ReservationIds).toEqual([stay.id]);
    // Nothing is learned through a hotel that is not connected.
    expect(await learning.pms.learnReservations!(hotelKeyOf('NOT-CONNECTED'), [stay.id])).toBe(0);

    const importing = instance();
    expect((await importing.pms.findByConfirmationNumber(stay.number))?.confirmationNumber).toBe(stay.number);
    expect(importing.lookups().map((call) => call.accessToken)).toEqual([own]);
  });
});

describe('the demo PMS’s time filters', () => {
  const getAll = (filter: object) =>
    fetch(`${url}/api/connector/v1/reservations/getAll/2023-06-06`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        ClientToken: DEMO_MEWS_CLIENT_TOKEN,
        AccessToken: demoMewsAccessTokens()[0],
        Client: 'Restay test',
        Limitation: { Count: 10 },
        ...filter,
      }),
    }).then(async (reply) => ({ status: reply.status, body: await reply.json() }));

  it('refuses an interval longer than three months or ending before it starts, as Mews does', async () => {
    const longer = { StartUtc: '2026-01-01T00:00:00Z', EndUtc: '2026-04-02T00:00:00Z' };
    expect(await getAll({ UpdatedUtc: longer })).toMatchObject({
      status: 400,
      body: { Message: 'Invalid UpdatedUtc' },
    });
    const backwards = { StartUtc: '2026-02-01T00:00:00Z', EndUtc: '2026-01-01T00:00:00Z' };
    expect(await getAll({ ScheduledStartUtc: backwards })).toMatchObject({
      status: 400,
      body: { Message: 'Invalid ScheduledStartUtc' },
    });
  });

  it('answers the reservations that start, or changed, within an interval', async () => {
    const all = await getAll({});
    const first = all.body.Reservations[0] as { Number: string; ScheduledStartUtc: string; UpdatedUtc: string };
    const around = (at: string) => ({
      StartUtc: at,
      EndUtc: new Date(Date.parse(at) + 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    });
    const starting = await getAll({ ScheduledStartUtc: around(first.ScheduledStartUtc) });
    expect(starting.body.Reservations.map((r: { Number: string }) => r.Number)).toContain(first.Number);
    const changed = await getAll({ UpdatedUtc: around(first.UpdatedUtc) });
    expect(changed.body.Reservations.map((r: { Number: string }) => r.Number)).toContain(first.Number);
    const before = await getAll({
      UpdatedUtc: { StartUtc: '2000-01-01T00:00:00Z', EndUtc: '2000-02-01T00:00:00Z' },
    });
    expect(before.body.Reservations).toEqual([]);
  });
});
