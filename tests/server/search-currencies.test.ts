import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertListing, insertProfile } from '../helpers/factories.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/** Listings in four currencies (cents, as stored), the price filter's bounds and the sorts worked in each. */
const PRICES: [string, number][] = [
  ['EUR', 42_000],
  ['EUR', 9_950],
  ['EUR', 78_000],
  ['USD', 48_400],
  ['USD', 12_000],
  ['USD', 80_000],
  ['CZK', 1_050_000],
  ['CZK', 300_000],
  ['CZK', 2_400_000],
  ['JPY', 8_892_000],
  ['JPY', 2_500_000],
  ['JPY', 15_000_000],
];
const BOUNDS = [
  { currency: 'USD', min: 0, max: 800 },
  { currency: 'USD', min: 150, max: 500 },
  { currency: 'EUR', min: 100, max: 450 },
  { currency: 'CZK', min: 5_000, max: 12_000 },
  { currency: 'JPY', min: 50_000, max: 100_000 },
  { currency: 'GBP', min: 0, max: 350 },
];

let server: TestServer;
let unitsPerEuro: Record<string, number>;
const listings: { id: string; currency: string; cents: number }[] = [];

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.database;
  const seller = await insertProfile(db);
  for (const [currency, cents] of PRICES) {
    listings.push({ id: await insertListing(db, seller, { currency, price_cents: cents }), currency, cents });
  }
  unitsPerEuro = (await server.request('/api/rates')).body.data.unitsPerEuro;
});
afterAll(() => server.close());

/** A listing's price in `currency`, computed plainly from the same rates. */
const priceIn = (listing: (typeof listings)[number], currency: string) =>
  (listing.cents / 100 / unitsPerEuro[listing.currency]!) * unitsPerEuro[currency]!;

async function search(query: string) {
  const { status, body } = await server.request(`/api/listings?pageSize=100&${query}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body as { data: { id: string }[]; meta: { priceCeiling: number } };
}

describe('the price filter and sorts in the visitor’s currency', () => {
  it.each(BOUNDS)('$currency $min-$max matches what a plain conversion of every price says', async (bounds) => {
    const { data } = await search(`currency=${bounds.currency}&minPrice=${bounds.min}&maxPrice=${bounds.max}`);
    const expected = listings.filter((listing) => {
      const price = priceIn(listing, bounds.currency);
      return price >= bounds.min && price <= bounds.max;
    });
    expect(expected.length, 'a bound that matches nothing proves nothing').toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(listings.length);
    expect(data.map((listing) => listing.id).sort()).toEqual(expected.map((listing) => listing.id).sort());
  });

  it.each(['USD', 'JPY'])('sorts by price in %s across all currencies, with the ceiling converted', async (code) => {
    const byPrice = [...listings].sort((a, b) => priceIn(a, code) - priceIn(b, code)).map((listing) => listing.id);
    expect((await search(`currency=${code}&sort=price_asc`)).data.map((listing) => listing.id)).toEqual(byPrice);
    const descending = await search(`currency=${code}&sort=price_desc`);
    expect(descending.data.map((listing) => listing.id)).toEqual([...byPrice].reverse());
    const highest = Math.max(...listings.map((listing) => priceIn(listing, code)));
    expect(descending.meta.priceCeiling).toBe(Math.round(highest * 100) / 100);
  });

  it('compares bare numbers no more: "$0 - $800" leaves out a 780 EUR stay', async () => {
    const [stay] = listings.filter((listing) => listing.currency === 'EUR' && listing.cents === 78_000);
    expect(priceIn(stay!, 'USD')).toBeGreaterThan(800);
    const { data } = await search('currency=USD&maxPrice=800');
    expect(data.map((listing) => listing.id)).not.toContain(stay!.id);
  });
});
