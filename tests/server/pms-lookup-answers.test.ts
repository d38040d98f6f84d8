import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hotelAccessTokens } from '../../server/hotels/hotel-tokens.ts';
import { createTokenCipher } from '../../server/hotels/token-cipher.ts';
import { databaseHotelDirectory } from '../../server/selling/pms/hotel-directory.ts';
import { createMewsPms } from '../../server/selling/pms/mews-pms.ts';
import { PmsTransferError, type KnownHotel, type Pms } from '../../server/selling/pms/pms.ts';
import { DEMO_MEWS_CLIENT_TOKEN, DEMO_PMS_HOTELS } from '../../server/standins/demo/demo-data.ts';
import { seedDemoData } from '../../server/standins/demo/seed.ts';
import { demoMewsRouter } from '../../server/standins/mews/demo-mews-routes.ts';
import { testCipher } from '../helpers/hotels.ts';
import { connectHotel } from '../helpers/test-hotel.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

/**
 * The Mews adapter's three answers (found, gone, unknown) over the Mews stand-in's wire, with the product's
 * token source over the hotels table: a hotel known to hold a reservation is asked with its own token whatever
 * its standing, and one that cannot be asked is `unknown`, never `gone`.
 */

const NOW = new Date('2026-03-10T21:30:00Z');
const LISBON = DEMO_PMS_HOTELS[0]!;
const PRAGUE = DEMO_PMS_HOTELS[1]!;
const NUMBER = 'LIS-48213';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let server: Server;
let url: string;
let pms: Pms;
let lisbon: KnownHotel;
let reservationId: string;

const db = () => database.db;
const setLisbon = (changes: { status?: 'connected' | 'suspended' | 'pending'; access_token_ciphertext?: string }) =>
  db().updateTable('hotels').set(changes).where('enterprise_id', '=', lisbon.enterpriseId).execute();

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.db, NOW);
  const app = express();
  app.use('/demo-mews', demoMewsRouter({ db: database.db, clock: () => NOW }));
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/demo-mews`;
  pms = createMewsPms({
    platformUrl: () => url,
    clientToken: DEMO_MEWS_CLIENT_TOKEN,
    accessTokens: hotelAccessTokens(db(), testCipher(), [], pino({ level: 'silent' })),
    clientName: 'Restay test',
    directory: databaseHotelDirectory({ db: db(), clock: () => NOW }),
  });
  for (const hotel of [LISBON, PRAGUE]) {
    const enterprise = await pms.enterpriseOf!(hotel.accessToken);
    await connectHotel(db(), { enterpriseId: enterprise.id, accessToken: hotel.accessToken, policy: null });
    if (hotel === LISBON) lisbon = { enterpriseId: enterprise.id };
  }
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await database?.dispose();
});

beforeEach(async () => {
  await setLisbon({
    status: 'connected',
    access_token_ciphertext: testCipher().encrypt(LISBON.accessToken, { hotel: lisbon.enterpriseId }),
  });
  const found = await pms.findByConfirmationNumber(NUMBER);
  if (found.kind !== 'found') throw new Error(`${NUMBER} not found: ${found.kind}`);
  reservationId = found.reservation.externalId;
});

describe('found and gone', () => {
  it('answers found with the reservation, by number and by id at its known hotel', async () => {
    expect(await pms.findByConfirmationNumber(NUMBER)).toMatchObject({
      kind: 'found',
      reservation: { confirmationNumber: NUMBER, hotel: { enterpriseId: lisbon.enterpriseId } },
    });
    expect(await pms.findByExternalId(reservationId, lisbon)).toMatchObject({
      kind: 'found',
      reservation: { externalId: reservationId },
    });
  });

  it('answers gone only when every hotel that could hold it answered', async () => {
    expect(await pms.findByConfirmationNumber('LIS-00000')).toEqual({ kind: 'gone' });
    // Its known hotel answered that it has no such reservation: no other hotel holds it.
    expect(await pms.findByExternalId('90000000-0000-4000-8000-999999999999', lisbon)).toEqual({ kind: 'gone' });
  });
});

describe('a suspended or pending hotel', () => {
  it.each(['suspended', 'pending'] as const)(
    'is still read with its own token while Mews accepts it (%s)',
    async (status) => {
      await setLisbon({ status });
      expect((await pms.findByExternalId(reservationId, lisbon)).kind).toBe('found');
      // Its directory entry names it too: a lookup by number asks it, not only the connected hotels.
      expect((await pms.findByConfirmationNumber(NUMBER)).kind).toBe('found');
    },
  );
});

describe('a known hotel whose token cannot be used', () => {
  it('is unknown, never gone, when the token does not decrypt (HOTEL_TOKEN_KEY changed)', async () => {
    await setLisbon({
      access_token_ciphertext: createTokenCipher({ current: '33'.repeat(32) }).encrypt(LISBON.accessToken, {
        hotel: lisbon.enterpriseId,
      }),
    });
    expect(await pms.findByExternalId(reservationId, lisbon)).toMatchObject({ kind: 'unknown' });
    expect(await pms.findByConfirmationNumber(NUMBER)).toMatchObject({ kind: 'unknown' });
    const transfer = await pms
      .transferToGuest(reservationId, { firstName: 'Erika', lastName: 'M', email: 'erika@example.com' }, lisbon)
      .catch((error: unknown) => error);
    expect(transfer).toBeInstanceOf(PmsTransferError);
    expect(transfer).toMatchObject({ kind: 'unavailable' });
  });

  it('is unknown when Mews refuses the token (401)', async () => {
    await setLisbon({
      status: 'suspended',
      access_token_ciphertext: testCipher().encrypt('REVOKED-AT-MEWS', { hotel: lisbon.enterpriseId }),
    });
    expect(await pms.findByExternalId(reservationId, lisbon)).toMatchObject({ kind: 'unknown' });
  });
});

describe('a hotel that does not answer while every hotel is searched', () => {
  it('is unknown, not gone', async () => {
    const searching = createMewsPms({
      platformUrl: () => url,
      clientToken: DEMO_MEWS_CLIENT_TOKEN,
      accessTokens: [LISBON.accessToken, 'NOT-A-DEMO-TOKEN'],
      clientName: 'Restay test',
    });
    expect(await searching.findByConfirmationNumber('LIS-00000')).toMatchObject({ kind: 'unknown' });
    expect(await searching.findByConfirmationNumber(NUMBER)).toMatchObject({ kind: 'found' });
  });
});
