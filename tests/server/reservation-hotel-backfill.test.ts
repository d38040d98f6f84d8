import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hotelKeyOf } from '../../server/selling/pms/mews-pms.ts';
import { insertListing } from '../helpers/factories.ts';
import { insertHotel } from '../helpers/hotels.ts';
import { signedInUser, startSellingServer, type SellingServer, type TestUser } from '../helpers/selling.ts';
import { ALLOW_ALL_POLICY, connectHotel } from '../helpers/test-hotel.ts';

/**
 * Migration 0090, on PGlite and (TEST_DATABASE_URL) PostgreSQL: reservations stored before 0075 recorded no hotel,
 * so their listings' price changes were refused as a hotel that never joined. The migration fills the hotel in
 * from what the reservation holds.
 */

const BACKFILL = readFileSync(
  fileURLToPath(new URL('../../server/db/migrations/0090_reservation_hotel_backfill.sql', import.meta.url)),
  'utf8',
);

let server: SellingServer;
beforeAll(async () => {
  server = await startSellingServer();
});
afterAll(() => server.close());

const db = () => server.database.db;
const runBackfill = () => server.database.withScriptSession((run) => run(BACKFILL));

/** A live listing of `seller` whose reservation, as before 0075, names no hotel. */
async function listingWithoutHotel(seller: TestUser, reservation: { externalId?: string; hotelName?: string } = {}) {
  await db()
    .insertInto('profiles')
    .values({ id: seller.id, email: seller.email })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const listingId = await insertListing(db(), seller.id, { daysAhead: 20 });
  const { reservation_id } = await db()
    .selectFrom('listings')
    .select('reservation_id')
    .where('id', '=', listingId)
    .executeTakeFirstOrThrow();
  await db()
    .updateTable('reservations')
    .set({
      enterprise_id: null,
      ...(reservation.externalId && { external_id: reservation.externalId }),
      ...(reservation.hotelName && { hotel_name: reservation.hotelName }),
    })
    .where('id', '=', reservation_id)
    .execute();
  return { listingId, reservationId: reservation_id };
}

const enterpriseOf = async (reservationId: string) =>
  (
    await db()
      .selectFrom('reservations')
      .select('enterprise_id')
      .where('id', '=', reservationId)
      .executeTakeFirstOrThrow()
  ).enterprise_id;

const changePrice = (seller: TestUser, listingId: string, listingPrice: number) =>
  server.request(`/api/listings/${listingId}`, {
    method: 'PUT',
    headers: seller.headers,
    body: JSON.stringify({ listingPrice }),
  });

/** A demo PMS hotel with one reservation; answers both ids. */
async function demoReservation() {
  const enterpriseId = randomUUID();
  const reservationId = randomUUID();
  const customerId = randomUUID();
  const categoryId = randomUUID();
  await db()
    .insertInto('demo_pms_enterprises')
    .values({
      id: enterpriseId,
      access_token: `demo-${enterpriseId}`,
      service_id: randomUUID(),
      name: 'Hotel Demo Backfill',
      address_line1: 'Rua 1',
      city: 'Lisbon',
      country_code: 'PT',
      latitude: 38.7,
      longitude: -9.1,
      time_zone: 'Europe/Lisbon',
      currency: 'EUR',
    })
    .execute();
  await db()
    .insertInto('demo_pms_customers')
    .values({ id: customerId, enterprise_id: enterpriseId, last_name: 'Guest' })
    .execute();
  await db()
    .insertInto('demo_pms_resource_categories')
    .values({
      id: categoryId,
      enterprise_id: enterpriseId,
      name: 'Double',
      short_name: 'DBL',
      type: 'Room',
      capacity: 2,
    })
    .execute();
  await db()
    .insertInto('demo_pms_reservations')
    .values({
      id: reservationId,
      enterprise_id: enterpriseId,
      number: `B-${reservationId.slice(0, 8)}`,
      state: 'Confirmed',
      origin: 'Distributor',
      customer_id: customerId,
      category_id: categoryId,
      adult_count: 2,
      scheduled_start_utc: new Date(Date.now() + 20 * 86_400_000),
      scheduled_end_utc: new Date(Date.now() + 22 * 86_400_000),
      created_utc: new Date(),
    })
    .execute();
  return { enterpriseId, reservationId };
}

describe('migration 0090: the hotel of reservations stored before 0075', () => {
  it('lets a price change through once the hotel is filled in (it was refused as "not joined")', async () => {
    const seller = await signedInUser();
    const { listingId, reservationId } = await listingWithoutHotel(seller, { hotelName: 'Hotel Test' });
    const refused = await changePrice(seller, listingId, 110);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('Hotel Test has not joined Restay yet, so its bookings cannot be resold.');

    // The reservation's hotel is the one joined hotel named "Hotel Test".
    const enterpriseId = randomUUID();
    await connectHotel(db(), { enterpriseId, name: 'Hotel Test', policy: ALLOW_ALL_POLICY });
    await runBackfill();
    expect(await enterpriseOf(reservationId)).toBe(enterpriseId);
    const changed = await changePrice(seller, listingId, 110);
    expect(changed.status).toBe(200);
  });

  it('reads the demo PMS reservation, then the PMS directory, and leaves a name two hotels share alone', async () => {
    const seller = await signedInUser();
    const demo = await demoReservation();
    const fromDemo = await listingWithoutHotel(seller, { externalId: demo.reservationId.toUpperCase() });

    const token = `token-${randomUUID()}`;
    const directoryEnterprise = randomUUID();
    const hotelId = await insertHotel(db(), { name: 'Hotel Directory', accessToken: token });
    await db().updateTable('hotels').set({ enterprise_id: directoryEnterprise }).where('id', '=', hotelId).execute();
    const externalId = `MEWS-${randomUUID()}`;
    const fromDirectory = await listingWithoutHotel(seller, { externalId, hotelName: 'Somewhere Else' });
    await db()
      .insertInto('pms_hotel_directory')
      .values({ reference: externalId, hotel_key: hotelKeyOf(token), updated_at: new Date() })
      .execute();

    await insertHotel(db(), { name: 'Hotel Twin' });
    await insertHotel(db(), { name: 'Hotel Twin' });
    const ambiguous = await listingWithoutHotel(seller, { hotelName: 'Hotel Twin' });
    const unknown = await listingWithoutHotel(seller, { hotelName: 'Hotel Nobody Knows' });
    const alreadyKnown = await insertListing(db(), seller.id);

    await runBackfill();
    expect(await enterpriseOf(fromDemo.reservationId)).toBe(demo.enterpriseId);
    expect(await enterpriseOf(fromDirectory.reservationId)).toBe(directoryEnterprise);
    expect(await enterpriseOf(ambiguous.reservationId)).toBeNull();
    expect(await enterpriseOf(unknown.reservationId)).toBeNull();
    const known = await db()
      .selectFrom('listings')
      .innerJoin('reservations', 'reservations.id', 'listings.reservation_id')
      .select('reservations.enterprise_id')
      .where('listings.id', '=', alreadyKnown)
      .executeTakeFirstOrThrow();
    expect(known.enterprise_id).toBe('e0000000-0000-4000-8000-00000000test');
  });
});
