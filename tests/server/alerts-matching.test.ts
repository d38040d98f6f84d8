import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedQuery } from '../../contract/alerts.ts';
import { INSTANT_ALERTS_PER_DAY } from '../../contract/alerts.ts';
import { matchListingChange } from '../../server/alerts/match-listing-change.ts';
import type { NewListing } from '../../server/db/schema.ts';
import { noticesOf, personWithSearch } from '../helpers/alerts.ts';
import { insertListing, insertProfile } from '../helpers/factories.ts';
import { manualClock } from '../helpers/selling.ts';
import { createTestDatabase } from '../helpers/test-database.ts';
import { storeShippedRates } from '../helpers/rates.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const time = manualClock(new Date('2026-11-23T10:00:00Z'));
const deps = () => ({ db: database.db, clock: time.clock });
let sellerId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await storeShippedRates(database.db);
  sellerId = await insertProfile(database.db);
});
afterAll(() => database.dispose());

/** A stay in Zürich from 10 to 12 December 2026 at 120.00 unless told otherwise. */
function listStay(fields: Partial<NewListing> = {}) {
  return insertListing(database.db, sellerId, {
    city: 'Zürich',
    country: 'Switzerland',
    hotel_name: 'Hôtel Bären',
    latitude: 47.37,
    longitude: 8.54,
    start_utc: new Date('2026-12-10T14:00:00Z'),
    end_utc: new Date('2026-12-12T10:00:00Z'),
    price_cents: 12_000,
    ...fields,
  });
}

/** Saves each query for its own person, lists the stay, matches it: which of the queries were told. */
async function whichMatch(queries: Record<string, SavedQuery>, stay: Partial<NewListing> = {}) {
  const people = new Map<string, string>();
  for (const [label, query] of Object.entries(queries))
    people.set((await personWithSearch(deps(), query)).userId, label);
  const listingId = await listStay(stay);
  await matchListingChange(deps(), { listingId, reason: 'new', previousPriceCents: null });
  const told = (await noticesOf(database.db, listingId)).map((notice) => people.get(notice.user_id));
  return told.filter(Boolean).sort();
}

describe('matching a new stay against saved searches (the marketplace search rules)', () => {
  it('matches places by text, folding accents and case, and by hotel name', async () => {
    expect(
      await whichMatch({
        city: { location: 'zurich' },
        country: { location: 'SWITZERLAND' },
        hotel: { hotelName: 'hotel baren' },
        both: { location: 'Zürich', hotelName: 'bären' },
        otherCity: { location: 'Lisbon' },
        otherHotel: { location: 'zurich', hotelName: 'Savoy' },
      }),
    ).toEqual(['both', 'city', 'country', 'hotel']);
  });

  it('matches a place first listed after the search was saved', async () => {
    expect(await whichMatch({ newCity: { location: 'reykjavik' } }, { city: 'Reykjavík', country: 'Iceland' })).toEqual(
      ['newCity'],
    );
    // And a second stay there is found through the place the first one added.
    const again = await personWithSearch(deps(), { location: 'reykjavik' });
    const listingId = await listStay({ city: 'Reykjavík', country: 'Iceland', hotel_name: 'Another' });
    await matchListingChange(deps(), { listingId, reason: 'new', previousPriceCents: null });
    expect((await noticesOf(database.db, listingId)).map((n) => n.user_id)).toContain(again.userId);
  });

  it('applies the stay-date rules: check-in on or after the start date, check-out on or before the end date', async () => {
    expect(
      await whichMatch({
        exact: { startDate: '2026-12-10', endDate: '2026-12-12' },
        wider: { startDate: '2026-12-01', endDate: '2026-12-31' },
        fromOnly: { startDate: '2026-12-10' },
        untilOnly: { endDate: '2026-12-12' },
        startsLater: { startDate: '2026-12-11' },
        endsEarlier: { endDate: '2026-12-11' },
        past: { startDate: '2026-11-01', endDate: '2026-11-30' },
      }),
    ).toEqual(['exact', 'fromOnly', 'untilOnly', 'wider']);
  });

  it("compares prices in the search's currency (here the listing's own), bounds included", async () => {
    expect(
      await whichMatch(
        {
          atMax: { currency: 'CHF', maxPrice: '120' },
          atMin: { currency: 'CHF', minPrice: '120' },
          range: { currency: 'CHF', minPrice: '100', maxPrice: '150.50' },
          tooCheap: { currency: 'CHF', maxPrice: '119.99' },
          tooDear: { currency: 'CHF', minPrice: '120.01' },
        },
        { currency: 'CHF' },
      ),
    ).toEqual(['atMax', 'atMin', 'range']);
  });

  it('a stay in CZK matches a search bounded in EUR by its price converted at the stored rate, either side of it', async () => {
    const { units_per_euro: czkPerEuro } = await database.db
      .selectFrom('exchange_rates')
      .select('units_per_euro')
      .where('currency', '=', 'CZK')
      .executeTakeFirstOrThrow();
    // 10,000 CZK: about 400 EUR, far below 10,000 as a bare number (which is what a wrong comparison would use).
    const euros = 10_000 / czkPerEuro;
    const below = (Math.floor(euros * 100) - 1) / 100;
    const above = (Math.ceil(euros * 100) + 1) / 100;
    expect(
      await whichMatch(
        {
          cheapEnough: { currency: 'EUR', maxPrice: String(above) },
          tooCheap: { currency: 'EUR', maxPrice: String(below) },
          dearEnough: { currency: 'EUR', minPrice: String(below) },
          tooDear: { currency: 'EUR', minPrice: String(above) },
          around: { currency: 'EUR', minPrice: String(below), maxPrice: String(above) },
          bareNumbers: { currency: 'EUR', minPrice: '9999', maxPrice: '10001' },
        },
        { currency: 'CZK', price_cents: 1_000_000 },
      ),
    ).toEqual(['around', 'cheapEnough', 'dearEnough']);
  });

  it('matches map areas (including one across the antimeridian and one too wide to list its cells)', async () => {
    expect(
      await whichMatch({
        city: { bounds: '47.3,8.4,47.5,8.7' },
        elsewhere: { bounds: '38.6,-9.3,38.8,-9.0' },
        wide: { bounds: '-80,-170,80,170' },
        wrapped: { bounds: '40,170,50,-170' },
        textAndArea: { location: 'zurich', bounds: '47.3,8.4,47.5,8.7' },
        textOutsideArea: { location: 'zurich', bounds: '38.6,-9.3,38.8,-9.0' },
      }),
    ).toEqual(['city', 'textAndArea', 'wide']);
    expect(await whichMatch({ wrapped: { bounds: '40,170,50,-170' } }, { latitude: 45, longitude: 179.5 })).toEqual([
      'wrapped',
    ]);
  });

  it('matches a search with no filters, and never a paused search or a stay not for sale', async () => {
    expect(await whichMatch({ anything: {} })).toEqual(['anything']);
    const paused = await personWithSearch(deps(), {});
    await database.db.updateTable('saved_searches').set({ paused: true }).where('id', '=', paused.searchId).execute();
    const listingId = await listStay();
    await matchListingChange(deps(), { listingId, reason: 'new', previousPriceCents: null });
    expect((await noticesOf(database.db, listingId)).map((n) => n.user_id)).not.toContain(paused.userId);

    const withdrawn = await listStay({ status: 'withdrawn' });
    await matchListingChange(deps(), { listingId: withdrawn, reason: 'new', previousPriceCents: null });
    expect(await noticesOf(database.db, withdrawn)).toEqual([]);
  });
});

describe('what each person is told', () => {
  it('tells a person once per stay and reason, however many of their searches match', async () => {
    const { userId, searchId } = await personWithSearch(deps(), { location: 'zurich' }, { frequency: 'daily' });
    const instant = await personWithSearch(deps(), { maxPrice: '500' }, { userId });
    await personWithSearch(deps(), {}, { userId, frequency: 'daily' });
    const listingId = await listStay();
    const mine = async () => (await noticesOf(database.db, listingId)).filter((n) => n.user_id === userId);

    const written = await matchListingChange(deps(), { listingId, reason: 'new', previousPriceCents: null });
    // It says how many notices it wrote; run again, it writes none.
    expect(written).toBe((await noticesOf(database.db, listingId)).length);
    expect(await matchListingChange(deps(), { listingId, reason: 'new', previousPriceCents: null })).toBe(0);
    // The instant search wins over the older daily one.
    expect(await mine()).toEqual([
      { user_id: userId, reason: 'new', channel: 'instant', saved_search_id: instant.searchId },
    ]);
    expect(searchId).not.toBe(instant.searchId);

    await database.db.updateTable('listings').set({ price_cents: 9_000 }).where('id', '=', listingId).execute();
    await matchListingChange(deps(), { listingId, reason: 'price_drop', previousPriceCents: 12_000 });
    await database.db.updateTable('listings').set({ price_cents: 8_000 }).where('id', '=', listingId).execute();
    await matchListingChange(deps(), { listingId, reason: 'price_drop', previousPriceCents: 9_000 });
    expect((await mine()).map((n) => n.reason).sort()).toEqual(['new', 'price_drop']);
  });

  it('does not call a price that went back up a drop', async () => {
    const { userId } = await personWithSearch(deps(), { location: 'zurich' });
    const listingId = await listStay({ price_cents: 15_000 });
    await matchListingChange(deps(), { listingId, reason: 'price_drop', previousPriceCents: 14_000 });
    expect((await noticesOf(database.db, listingId)).filter((n) => n.user_id === userId)).toEqual([]);
  });

  it(`sends at most ${INSTANT_ALERTS_PER_DAY} instant alerts a day; the rest go to the digest`, async () => {
    const { userId } = await personWithSearch(deps(), { hotelName: 'Capped' });
    const channels: string[] = [];
    for (let i = 0; i < INSTANT_ALERTS_PER_DAY + 2; i++) {
      const listingId = await listStay({ hotel_name: 'Capped' });
      await matchListingChange(deps(), { listingId, reason: 'new', previousPriceCents: null });
      channels.push(
        ...(await noticesOf(database.db, listingId)).filter((n) => n.user_id === userId).map((n) => n.channel),
      );
    }
    expect(channels).toEqual([...Array(INSTANT_ALERTS_PER_DAY).fill('instant'), 'digest', 'digest']);

    time.advance(24 * 3_600_000 + 1);
    const listingId = await listStay({ hotel_name: 'Capped' });
    await matchListingChange(deps(), { listingId, reason: 'new', previousPriceCents: null });
    expect((await noticesOf(database.db, listingId)).find((n) => n.user_id === userId)?.channel).toBe('instant');
  });
});
