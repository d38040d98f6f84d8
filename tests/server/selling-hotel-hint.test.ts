import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pmsReservation } from '../helpers/pms-double.ts';
import { manualClock, post, signedInUser, startSellingServer, type SellingServer } from '../helpers/selling.ts';
import { connectHotel } from '../helpers/test-hotel.ts';

/**
 * The seller may name the hotel of the reservation they import (an autocomplete over the connected hotels): the
 * lookup then asks that hotel first, so a reservation booked a moment ago is found without asking every hotel.
 */
let server: SellingServer;
const time = manualClock(new Date('2031-03-01T12:00:00Z'));
const hotels: Record<string, string> = {};

beforeAll(async () => {
  server = await startSellingServer(time.clock);
  const db = server.database.db;
  for (const [name, status] of [
    ['Seeblick Hotel', 'connected'],
    ['Hotel am See', 'connected'],
    ['Seehof 100% Natur', 'connected'],
    ['Seeperle', 'pending'],
    ['Seeburg', 'suspended'],
  ] as const)
    hotels[name] = (await connectHotel(db, { name, status, enterpriseId: randomUUID() })).hotelId;
});
afterAll(() => server.close());

const search = (q: string, user?: Awaited<ReturnType<typeof signedInUser>>) =>
  server.request(`/api/reservations/hotels?q=${encodeURIComponent(q)}`, { headers: user?.headers });

describe('GET /api/reservations/hotels', () => {
  it('names connected hotels containing the text, any case, names starting with it first', async () => {
    const user = await signedInUser();
    const reply = await search('SEE', user);
    expect(reply.status).toBe(200);
    const names = (reply.body.data as { name: string }[]).map((hotel) => hotel.name);
    expect(names).toEqual(['Seeblick Hotel', 'Seehof 100% Natur', 'Hotel am See']);
    expect(reply.body.data[0]).toEqual({ id: hotels['Seeblick Hotel'], name: 'Seeblick Hotel' });
  });

  it('reads % and _ as letters, and needs a signed-in person', async () => {
    const user = await signedInUser();
    expect((await search('0%', user)).body.data.map((h: { name: string }) => h.name)).toEqual(['Seehof 100% Natur']);
    expect((await search('S_e', user)).body.data).toEqual([]);
    expect((await search('see')).status).toBe(401);
    expect((await search('x'.repeat(101), user)).body).toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});

describe('POST /api/reservations/verify-combined with the hotel named', () => {
  it('asks the named hotel first', async () => {
    const reservation = server.pms.add(pmsReservation({ now: time.clock(), email: 'named@example.com' }));
    const user = await signedInUser();
    const hotelId = hotels['Seeblick Hotel']!;
    const reply = await post(server, '/api/reservations/verify-combined', user, {
      confirmationNumber: reservation.confirmationNumber,
      email: 'named@example.com',
      hotelId,
    });
    expect(reply.status).toBe(200);
    const hotel = await server.database.db
      .selectFrom('hotels')
      .select('token_key')
      .where('id', '=', hotelId)
      .executeTakeFirstOrThrow();
    expect(server.pms.hints.at(-1)).toEqual({ hotelKey: hotel.token_key });
  });

  it('refuses a hotel that is not connected with 400, sending no code', async () => {
    const reservation = server.pms.add(pmsReservation({ now: time.clock(), email: 'unnamed@example.com' }));
    const user = await signedInUser();
    for (const hotelId of [hotels.Seeperle, hotels.Seeburg, randomUUID(), 'not-an-id']) {
      const lookups = server.pms.hints.length;
      const reply = await post(server, '/api/reservations/verify-combined', user, {
        confirmationNumber: reservation.confirmationNumber,
        email: 'unnamed@example.com',
        hotelId,
      });
      expect(reply.status, hotelId).toBe(400);
      expect(reply.body).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'hotelId' }] });
      expect(server.pms.hints).toHaveLength(lookups);
    }
    const mails = await server.database.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('to_address', '=', 'unnamed@example.com')
      .execute();
    expect(mails).toEqual([]);
  });
});
