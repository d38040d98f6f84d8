import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResalePolicy } from '../../contract/resale-policy.ts';
import { insertListing, insertProfile } from '../helpers/factories.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { ALLOW_ALL_POLICY, connectHotel } from '../helpers/test-hotel.ts';

/**
 * Buyers see the hotel's word, on PGlite and (TEST_DATABASE_URL) PostgreSQL: a stay at a hotel whose live policy
 * allows resale says which hotel approves it and its rules, and the marketplace can keep to such stays.
 */

let server: TestServer;
let sellerId: string;
beforeAll(async () => {
  server = await startTestServer();
  sellerId = await insertProfile(server.database.db, { email: `seller-${randomUUID().slice(0, 8)}@example.com` });
});
afterAll(() => server.close());

const db = () => server.database.db;

/** A live listing at a hotel of its own, `policy` published (null: none), named `name`. */
async function stayAt(name: string, policy: ResalePolicy | null, status?: 'connected' | 'suspended') {
  const enterpriseId = randomUUID();
  const hotel = await connectHotel(db(), { enterpriseId, name, policy, status });
  const listingId = await insertListing(db(), sellerId, { hotel_name: name, title: `A room at ${name}` });
  await db()
    .updateTable('reservations')
    .set({ enterprise_id: enterpriseId, hotel_name: name })
    .where('id', '=', (eb) => eb.selectFrom('listings').select('reservation_id').where('id', '=', listingId))
    .execute();
  return { listingId, ...hotel };
}

const approvalOf = async (listingId: string) => {
  const reply = await server.request(`/api/listings/${listingId}`);
  expect(reply.status).toBe(200);
  return reply.body.data.hotel_approval;
};

const approvedIds = async (query = 'hotelApproved=true') => {
  const reply = await server.request(`/api/listings?${query}&pageSize=100`);
  expect(reply.status).toBe(200);
  return (reply.body.data as { id: string }[]).map((listing) => listing.id);
};

describe("the hotel's word on a stay", () => {
  it('names the approving hotel with its cut-off and what changes hands', async () => {
    const { listingId } = await stayAt('Hotel Seeblick', { ...ALLOW_ALL_POLICY, cutOffHours: 168 });
    expect(await approvalOf(listingId)).toMatchObject({
      hotelName: 'Hotel Seeblick',
      rules: [
        'The hotel allows no resale within 7 days of check-in.',
        'The hotel puts the reservation in your name: the same room, dates and rate the seller booked.',
      ],
    });
  });

  it('leaves the cut-off out when the hotel has none', async () => {
    const { listingId } = await stayAt('Hotel Alpenrose', { ...ALLOW_ALL_POLICY, cutOffHours: 0 });
    expect((await approvalOf(listingId)).rules).toEqual([
      'The hotel puts the reservation in your name: the same room, dates and rate the seller booked.',
    ]);
  });

  it('is absent for a hotel that never joined, published nothing, turned resale off, paused it or is suspended', async () => {
    const unjoined = await stayAt('Hotel Nowhere', null);
    await db().deleteFrom('hotels').where('id', '=', unjoined.hotelId).execute();
    const unpublished = await stayAt('Hotel Quiet', null);
    const off = await stayAt('Hotel Closed', { ...ALLOW_ALL_POLICY, resaleEnabled: false });
    const paused = await stayAt('Hotel Paused', ALLOW_ALL_POLICY);
    await db()
      .insertInto('hotel_resale_pauses')
      .values({ hotel_id: paused.hotelId, paused_by: paused.adminId, paused_at: new Date() })
      .execute();
    const suspended = await stayAt('Hotel Suspended', ALLOW_ALL_POLICY, 'suspended');
    // Listed directly in the table: the sweeps that would pause them are not what this test reads.
    const stays = [unjoined, unpublished, off, paused, suspended];
    for (const stay of stays) expect(await approvalOf(stay.listingId)).toBeNull();
    const approved = await approvedIds();
    for (const stay of stays) expect(approved).not.toContain(stay.listingId);
  });

  it('follows the live version: a newer version with resale off takes the word back', async () => {
    const { listingId, hotelId, adminId } = await stayAt('Hotel Lindenhof', ALLOW_ALL_POLICY);
    expect(await approvalOf(listingId)).not.toBeNull();
    await db()
      .insertInto('hotel_policy_versions')
      .values({
        hotel_id: hotelId,
        version: 2,
        policy: JSON.stringify({ ...ALLOW_ALL_POLICY, resaleEnabled: false }),
        published_by: adminId,
        published_at: new Date(),
      })
      .execute();
    expect(await approvalOf(listingId)).toBeNull();
  });
});

describe('the marketplace filter', () => {
  it('keeps to stays whose hotel approves their resale; without it every live stay shows', async () => {
    const approved = await stayAt('Hotel Sonne', ALLOW_ALL_POLICY);
    const notApproved = await stayAt('Hotel Mond', null);
    const filtered = await approvedIds();
    expect(filtered).toContain(approved.listingId);
    expect(filtered).not.toContain(notApproved.listingId);
    const all = await approvedIds('hotelApproved=false');
    expect(all).toEqual(expect.arrayContaining([approved.listingId, notApproved.listingId]));
    expect(await approvedIds('hotelApproved=')).toEqual(all);
  });

  it('refuses a value that is not true or false, under its own name', async () => {
    const reply = await server.request('/api/listings?hotelApproved=yes');
    expect(reply.status).toBe(400);
    expect(reply.body.details).toEqual([expect.objectContaining({ field: 'hotelApproved' })]);
  });
});
