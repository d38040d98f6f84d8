import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertListing, insertProfile } from '../helpers/factories.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const NOW = new Date('2030-01-01T00:00:00Z');

type Found = { id: string; price: number; first_name: string | null };

/**
 * Searches are read afresh on every instance (ADR 0077): nothing a write does tells other instances about it, so
 * a write made anywhere is in the very next search everywhere, and the listing writes never wait for each other.
 */
describe('a search after a write, on two API instances over one database', () => {
  let one: TestServer;
  let other: TestServer;
  let sellerId: string;

  beforeAll(async () => {
    one = await startTestServer({ clock: () => NOW });
    other = await startTestServer({ clock: () => NOW, database: one.database });
    sellerId = await insertProfile(one.database.db, { firstName: 'Marta' });
    await insertListing(one.database.db, sellerId, { now: NOW, city: 'Lisbon' });
  });
  afterAll(async () => {
    await other.close();
    await one.close();
  });

  const searchOn = async (server: TestServer, path = '/api/listings'): Promise<Found[]> =>
    (await server.request(path)).body.data;
  const everywhere = async (path?: string) => [await searchOn(one, path), await searchOn(other, path)];

  it('shows a new stay, a changed price, a renamed seller and a withdrawn stay at once, on both', async () => {
    await everywhere();
    const added = await insertListing(one.database.db, sellerId, { now: NOW, city: 'Porto' });
    for (const found of await everywhere()) expect(found.map((listing) => listing.id)).toContain(added);

    await one.database.db.updateTable('listings').set({ price_cents: 9_900 }).where('id', '=', added).execute();
    for (const found of await everywhere()) expect(found.find((listing) => listing.id === added)?.price).toBe(99);

    await one.database.db.updateTable('profiles').set({ first_name: 'Rita' }).where('id', '=', sellerId).execute();
    for (const found of await everywhere()) expect(found.every((listing) => listing.first_name === 'Rita')).toBe(true);

    await one.database.db.updateTable('listings').set({ status: 'withdrawn' }).where('id', '=', added).execute();
    for (const found of await everywhere()) expect(found.map((listing) => listing.id)).not.toContain(added);
  });

  it('converts at a new exchange rate at once', async () => {
    const inCrowns = '/api/listings?currency=CZK&maxPrice=2000';
    const [before] = await everywhere(inCrowns);
    await one.database.db
      .updateTable('exchange_rates')
      .set({ units_per_euro: 1 })
      .where('currency', '=', 'CZK')
      .execute();
    for (const found of await everywhere(inCrowns)) expect(found).not.toEqual(before);
  });
});
