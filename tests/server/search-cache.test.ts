import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchQuerySchema, type SearchQuery } from '../../contract/search.ts';
import { cachedSearchReplies, SEARCH_CACHE_TTL_MS } from '../../server/listings/search-cache.ts';
import { insertListing, insertProfile } from '../helpers/factories.ts';
import { storeShippedRates } from '../helpers/rates.ts';
import { createTestDatabase } from '../helpers/test-database.ts';
import { connectHotel, TEST_ENTERPRISE_ID } from '../helpers/test-hotel.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const NOW = new Date('2030-01-01T00:00:00Z');
const later = (ms: number) => new Date(NOW.getTime() + ms);
const query = (fields: Record<string, string> = {}): SearchQuery => searchQuerySchema.parse(fields);

describe('the search cache', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let sellerId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    await storeShippedRates(database.db, NOW);
    sellerId = await insertProfile(database.db, { firstName: 'Marta' });
    await insertListing(database.db, sellerId, { now: NOW, city: 'Lisbon' });
  });
  afterAll(() => database.dispose());

  it('serves a repeated search from the page it read, within its time, and reads again after it', async () => {
    const searches = cachedSearchReplies(database.db);
    const first = await searches(query(), NOW);
    expect(first.data).toHaveLength(1);
    expect(await searches(query(), later(SEARCH_CACHE_TTL_MS - 1))).toBe(first);
    expect(await searches(query({ sort: 'price_asc' }), NOW)).not.toBe(first);
    const expired = await searches(query(), later(SEARCH_CACHE_TTL_MS));
    expect(expired).not.toBe(first);
    expect(expired).toEqual(first);
    // A clock set back is no proof of freshness either.
    expect(await searches(query(), later(-1))).not.toBe(expired);
  });

  it('shows a new stay in the very next search, on every instance', async () => {
    const [one, other] = [cachedSearchReplies(database.db), cachedSearchReplies(database.db)];
    const before = [await one(query(), NOW), await other(query(), NOW)];
    const added = await insertListing(database.db, sellerId, { now: NOW, city: 'Porto' });
    for (const searches of [one, other]) {
      const after = await searches(query(), NOW);
      expect(after.data.map((listing) => listing.id)).toContain(added);
      expect(before).not.toContain(after);
    }
  });

  it('shows a changed price, a stay withdrawn and a seller renamed at once', async () => {
    const searches = cachedSearchReplies(database.db);
    const [listing] = (await searches(query(), NOW)).data;
    await database.db.updateTable('listings').set({ price_cents: 9_900 }).where('id', '=', listing!.id).execute();
    expect((await searches(query(), NOW)).data.find((row) => row.id === listing!.id)?.price).toBe(99);

    await database.db.updateTable('profiles').set({ first_name: 'Rita' }).where('id', '=', sellerId).execute();
    expect((await searches(query(), NOW)).data.every((row) => row.first_name === 'Rita')).toBe(true);

    await database.db.updateTable('listings').set({ status: 'withdrawn' }).where('id', '=', listing!.id).execute();
    expect((await searches(query(), NOW)).data.map((row) => row.id)).not.toContain(listing!.id);
  });

  it('converts at a new exchange rate at once', async () => {
    const searches = cachedSearchReplies(database.db);
    const inCrowns = query({ currency: 'CZK', maxPrice: '2000' });
    const before = await searches(inCrowns, NOW);
    await database.db.updateTable('exchange_rates').set({ units_per_euro: 1 }).where('currency', '=', 'CZK').execute();
    const after = await searches(inCrowns, NOW);
    expect(after).not.toBe(before);
    expect(after.meta.priceCeiling).not.toBe(before.meta.priceCeiling);
  });

  it("follows the hotel's approval at once: joining, a pause and its end", async () => {
    const searches = cachedSearchReplies(database.db);
    const approved = query({ hotelApproved: 'true' });
    expect((await searches(approved, NOW)).data).toEqual([]);
    const { hotelId, adminId } = await connectHotel(database.db, { enterpriseId: TEST_ENTERPRISE_ID });
    const listed = (await searches(approved, NOW)).data.length;
    expect(listed).toBeGreaterThan(0);
    await database.db
      .insertInto('hotel_resale_pauses')
      .values({ hotel_id: hotelId, paused_by: adminId, paused_at: NOW })
      .execute();
    expect((await searches(approved, NOW)).data).toEqual([]);
    await database.db.deleteFrom('hotel_resale_pauses').where('hotel_id', '=', hotelId).execute();
    expect((await searches(approved, NOW)).data).toHaveLength(listed);
  });

  it('leaves the page cached when a write cannot change it, and is emptied by a truncation', async () => {
    const searches = cachedSearchReplies(database.db);
    const first = await searches(query(), NOW);
    await database.db.updateTable('reservations').set({ state: 'Started' }).execute();
    await database.db.updateTable('profiles').set({ email: 'new@example.com' }).where('id', '=', sellerId).execute();
    expect(await searches(query(), NOW)).toBe(first);

    await sql`truncate listings cascade`.execute(database.db);
    expect((await searches(query(), NOW)).data).toEqual([]);
  });

  it('forgets a search that failed, so the next one asks again', async () => {
    const searches = cachedSearchReplies(database.db);
    const unknownCurrency = query({ currency: 'CZK' });
    await database.db.deleteFrom('exchange_rates').where('currency', '=', 'CZK').execute();
    await expect(searches(unknownCurrency, NOW)).rejects.toThrow(/no exchange rate/);
    await storeShippedRates(database.db, NOW);
    await expect(searches(unknownCurrency, NOW)).resolves.toMatchObject({ success: true });
  });
});

describe('GET /api/listings and the marketplace page', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ clock: () => NOW });
  });
  afterAll(() => server.close());

  it('answer a listing created a moment after the same search was answered', async () => {
    const { db } = server.database;
    const seller = await insertProfile(db);
    await insertListing(db, seller, { now: NOW });
    expect((await server.request('/api/listings')).body.data).toHaveLength(1);
    const added = await insertListing(db, seller, { now: NOW, daysAhead: 5 });
    const { body } = await server.request('/api/listings?sort=checkin');
    expect(body.data.map((listing: { id: string }) => listing.id)[0]).toBe(added);
    expect((await server.request('/api/listings')).body.data).toHaveLength(2);
  });
});
