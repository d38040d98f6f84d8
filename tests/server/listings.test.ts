import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingSchema } from '../../contract/listing.ts';
import { insertListing, insertProfile } from '../helpers/factories.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

let server: TestServer;
let sellerId: string;
let activeId: string;
let soldId: string;
let buyerId: string;

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.database;
  sellerId = await insertProfile(db, { firstName: 'Marta' });
  buyerId = await insertProfile(db, { firstName: 'Ben' });
  activeId = await insertListing(db, sellerId, { title: 'Garden Suite', price_cents: 15_950, daysAhead: 5 });
  soldId = await insertListing(db, sellerId, { status: 'sold', buyer_id: buyerId });
  await insertListing(db, sellerId, { status: 'inactive' });
  await insertListing(db, sellerId, { daysAhead: -1, title: 'Already started' });
});
afterAll(() => server.close());

describe('GET /api/listings', () => {
  it('returns only active listings whose stay is still ahead, in the listing shape', async () => {
    const { status, body } = await server.request('/api/listings');
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.data.map((l: { id: string }) => l.id)).toEqual([activeId]);
    const listing = listingSchema.parse(body.data[0]);
    expect(listing).toMatchObject({
      title: 'Garden Suite',
      price: 159.5,
      status: 'active',
      user_id: sellerId,
      buyer_id: null,
      first_name: 'Marta',
      city: 'Lisbon',
      country: 'Portugal',
    });
    expect(listing.reservations).toEqual({ start_utc: listing.start_utc, end_utc: listing.end_utc });
    expect(Date.parse(listing.end_utc!)).toBeGreaterThan(Date.parse(listing.start_utc!));
  });
});

describe('GET /api/listings/:id', () => {
  it('returns any status, so a sold listing still opens, without saying who bought it', async () => {
    const { status, body } = await server.request(`/api/listings/${soldId}`);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ id: soldId, status: 'sold', buyer_id: null, first_name: 'Marta' });
  });

  it.each([
    ['an unknown id', '00000000-0000-4000-8000-000000000000'],
    ['a malformed id', 'not-a-uuid'],
    ['an injection attempt', "1' or '1'='1"],
  ])('answers %s with 404 NOT_FOUND', async (_label, id) => {
    const { status, body } = await server.request(`/api/listings/${encodeURIComponent(id)}`);
    expect(status).toBe(404);
    expect(body).toEqual({ success: false, error: 'Listing not found', code: 'NOT_FOUND' });
  });
});
