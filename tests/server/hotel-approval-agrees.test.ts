import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { hotelDeps } from '../../server/hotels/deps.ts';
import { importConfiguredHotels } from '../../server/hotels/hotel-tokens.ts';
import { AppError } from '../../server/http/errors.ts';
import { assertHotelStillAllows } from '../../server/payments/hotel-check.ts';
import { knownHotelOf } from '../../server/selling/pms/pms.ts';
import { seedDemoData } from '../../server/standins/demo/seed.ts';
import { PROJECT_AUTH_ENV } from '../helpers/project-tokens.ts';
import { lastCodeSentTo, post, signedInUser } from '../helpers/selling.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/**
 * "Resale approved by <hotel>" on a stay's page, the marketplace's "approved by the hotel" filter and checkout's
 * policy check read one hotel, the stored reservation's (its enterprise): for the seeded demo stays, a stay a
 * seller imports, and a hotel that paused resale, the page says approved exactly when checkout would sell it.
 */
let server: TestServer;
const db = () => server.database.db;

beforeAll(async () => {
  server = await startTestServer({ env: PROJECT_AUTH_ENV });
  await seedDemoData(db());
  // As start-up does: the configured demo hotels join, their published policy in the same transaction.
  const hotels = hotelDeps({ ...server, logger: pino({ level: 'silent' }), clock: () => new Date() });
  const { adapters } = server;
  await importConfiguredHotels(
    { ...hotels, pms: adapters.pms, whenHotelsJoin: adapters.standIns.whenHotelsJoin },
    adapters.configuredHotelTokens,
  );
});
afterAll(() => server.close());

/** A bookable demo PMS stay imported and listed by its guest through the API, as a seller does. */
async function listImportedStay() {
  const pms = await server.request('/dev/pms.json');
  const stay = (pms.body.data as { confirmationNumber: string; email: string; state: string; amountPaid: number }[])
    .filter((r) => r.state === 'Confirmed' && r.email.endsWith('@example.com') && r.amountPaid)
    .find((r) => !r.confirmationNumber.startsWith('RST-'))!;
  const seller = await signedInUser(stay.email);
  const sent = await post(server, '/api/reservations/verify-combined', seller, stay);
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const code = await lastCodeSentTo(server, stay.email);
  expect((await post(server, '/api/reservations/verify-code', seller, { email: stay.email, code })).status).toBe(200);
  const found = await post(server, '/api/reservations/find', seller, { reservationId: stay.confirmationNumber });
  const { reservationDetails, pricing } = found.body.data;
  const listing = { mewsReservationId: reservationDetails.Id, listingPrice: Math.min(pricing.maxPrice, 60) };
  const created = await post(server, '/api/listings', seller, { ...listing, title: 'A room, imported' });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data.id as string;
}

/** Whether checkout's policy check lets a buyer pay for the listing now. */
async function checkoutAllows(listingId: string): Promise<boolean> {
  const listing = await db()
    .selectFrom('listings')
    .innerJoin('reservations', 'reservations.id', 'listings.reservation_id')
    .select(['listings.id', 'listings.price_cents', 'listings.hotel_pause_reason', 'listings.hotel_name'])
    .select(['reservations.enterprise_id', 'reservations.external_id'])
    .where('listings.id', '=', listingId)
    .executeTakeFirstOrThrow();
  const lookup = await server.adapters.pms.findByExternalId(listing.external_id, knownHotelOf(listing));
  if (lookup.kind !== 'found') throw new Error(`${listingId}: the demo PMS answered ${lookup.kind}`);
  try {
    await assertHotelStillAllows({ db: db(), clock: () => new Date() }, listing, lookup.reservation);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return false;
    throw error;
  }
}

describe('"Resale approved by" agrees with what can be bought', () => {
  it('says approved on every seeded demo stay, and the filter finds each of them', async () => {
    const live = await db().selectFrom('listings').select('id').where('status', '=', 'active').execute();
    expect(live.length).toBeGreaterThanOrEqual(35);
    for (const { id } of live) {
      const page = await server.request(`/api/listings/${id}`);
      expect(page.body.data.hotel_approval?.hotelName, id).toBe(page.body.data.hotel_name);
    }
    const approved = await server.request('/api/listings?hotelApproved=true&pageSize=100');
    const found = (approved.body.data as { id: string }[]).map((listing) => listing.id);
    const forSaleNow = await server.request('/api/listings?pageSize=100');
    expect(found.length).toBeGreaterThanOrEqual(35);
    expect(found.sort()).toEqual((forSaleNow.body.data as { id: string }[]).map((listing) => listing.id).sort());
  });

  it('holds "the page says approved" = "checkout\'s policy check passes" for every live listing, at every hotel', async () => {
    const imported = await listImportedStay();
    // One seeded hotel pauses all resale (its listings not swept yet): its stays are neither approved nor sold.
    const pausedHotel = await db()
      .selectFrom('hotels')
      .innerJoin('reservations', 'reservations.enterprise_id', 'hotels.enterprise_id')
      .innerJoin('listings', 'listings.reservation_id', 'reservations.id')
      .select(['hotels.id', 'listings.seller_id'])
      .where('listings.status', '=', 'active')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('hotel_resale_pauses')
      .values({ hotel_id: pausedHotel.id, paused_by: pausedHotel.seller_id, paused_at: new Date() })
      .execute();

    const live = await db().selectFrom('listings').select('id').where('status', '=', 'active').execute();
    const verdicts = { approved: 0, refused: 0 };
    for (const { id } of live) {
      const approved = (await server.request(`/api/listings/${id}`)).body.data.hotel_approval !== null;
      expect(await checkoutAllows(id), id).toBe(approved);
      verdicts[approved ? 'approved' : 'refused']++;
    }
    expect(live.map((listing) => listing.id)).toContain(imported);
    expect(verdicts.approved).toBeGreaterThanOrEqual(35);
    expect(verdicts.refused).toBeGreaterThanOrEqual(1);
  });
});
