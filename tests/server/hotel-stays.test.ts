import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuyingServer, type BuyingFixture } from '../helpers/buying-fixture.ts';
import { projectToken } from '../helpers/project-tokens.ts';
import { addMember, hotelIdOf } from '../helpers/test-hotel.ts';

/**
 * GET /api/hotels/:hotelId/stays, on PGlite and (TEST_DATABASE_URL) PostgreSQL: every listing of a stay at the
 * hotel in the state the hotel reads, by month of check-in and by state.
 */

let fx: BuyingFixture;
let hotelId: string;
let staffId: string;
beforeAll(async () => {
  fx = await startBuyingServer();
  hotelId = await hotelIdOf(fx.server.database.db);
  staffId = await addMember(fx.server.database.db, hotelId, 'staff');
});
afterAll(() => fx.close());

const db = () => fx.server.database.db;
const staysOf = async (query = '', userId = staffId) => {
  const token = await projectToken(userId, `${userId}@example.com`);
  return fx.server.request(`/api/hotels/${hotelId}/stays${query}`, { headers: { Authorization: `Bearer ${token}` } });
};
/** A sold listing names its buyer (a check of the table): the fixture's own buyer of the held stay. */
const setListing = (
  id: string,
  status: 'inactive' | 'withdrawn' | 'sold' | 'awaiting_hotel' | 'rejected_by_hotel',
  buyerId: string | null = null,
) => db().updateTable('listings').set({ status, buyer_id: buyerId }).where('id', '=', id).execute();
/** The order as far as `state`, with the times and reason the table requires of that state. */
const setOrder = (id: string, state: 'paid' | 'transferred' | 'refunded') => {
  const at = fx.clock();
  return db()
    .updateTable('orders')
    .set({
      state,
      paid_at: at,
      ...(state === 'transferred' ? { transferred_at: at } : {}),
      ...(state === 'refunded' ? { refunded_at: at, refund_reason: 'transfer_failed' as const } : {}),
    })
    .where('id', '=', id)
    .execute();
};

describe('the hotel’s stays', () => {
  it('lists each listing in the state the hotel reads, newest check-in first, by month and by state', async () => {
    const seller = await fx.user();
    const live = await fx.listStay(seller.id, { daysAhead: 10, price_cents: 12_345 });
    const paused = await fx.listStay(seller.id, { daysAhead: 11 });
    await setListing(paused, 'inactive');
    const waiting = await fx.listStay(seller.id, { daysAhead: 17 });
    await setListing(waiting, 'awaiting_hotel');
    const rejected = await fx.listStay(seller.id, { daysAhead: 18 });
    await setListing(rejected, 'rejected_by_hotel');
    const withdrawn = await fx.listStay(seller.id, { daysAhead: 12 });
    await setListing(withdrawn, 'withdrawn');
    const sold = await fx.heldStay(seller.id, { daysAhead: 13 });
    await setListing(sold.listingId, 'sold', sold.buyer.id);
    await setOrder(sold.orderId, 'paid');
    const renamed = await fx.heldStay(seller.id, { daysAhead: 14 });
    await setListing(renamed.listingId, 'sold', renamed.buyer.id);
    await setOrder(renamed.orderId, 'transferred');
    await db().updateTable('orders').set({ hotel_fee_cents: 2_500 }).where('id', '=', renamed.orderId).execute();
    const refunded = await fx.heldStay(seller.id, { daysAhead: 15 });
    await setListing(refunded.listingId, 'withdrawn');
    await setOrder(refunded.orderId, 'refunded');
    // A checkout that lapsed is no sale: the stay is still on sale.
    const lapsed = await fx.heldStay(seller.id, { daysAhead: 16 });
    await db().updateTable('orders').set({ state: 'expired' }).where('id', '=', lapsed.orderId).execute();
    await db().updateTable('listings').set({ status: 'active' }).where('id', '=', lapsed.listingId).execute();

    const reply = await staysOf();
    expect(reply.status).toBe(200);
    const byId = new Map(
      (reply.body.data.stays as { listingId: string; state: string; checkIn: string }[]).map((stay) => [
        stay.listingId,
        stay,
      ]),
    );
    expect(
      [
        live,
        paused,
        withdrawn,
        sold.listingId,
        renamed.listingId,
        refunded.listingId,
        lapsed.listingId,
        waiting,
        rejected,
      ].map((id) => byId.get(id)?.state),
    ).toEqual([
      'live',
      'paused',
      'withdrawn',
      'sold',
      'in_buyers_name',
      'refunded',
      'live',
      'awaiting_approval',
      'rejected',
    ]);
    expect(byId.get(live)).toMatchObject({ askingCents: 12_345, currency: 'USD', feeCents: null });
    expect(byId.get(renamed.listingId)).toMatchObject({ feeCents: 2_500 });
    const checkIns = (reply.body.data.stays as { checkIn: string }[]).map((stay) => stay.checkIn);
    expect(checkIns).toEqual([...checkIns].sort().reverse());

    const onlySold = await staysOf('?state=in_buyers_name');
    expect(onlySold.body.data.stays.map((stay: { listingId: string }) => stay.listingId)).toEqual([renamed.listingId]);

    const month = byId.get(live)!.checkIn.slice(0, 7);
    const inMonth = (await staysOf(`?month=${month}`)).body.data.stays as { checkIn: string }[];
    expect(inMonth.length).toBeGreaterThan(0);
    expect(inMonth.every((stay) => stay.checkIn.startsWith(month))).toBe(true);
    expect((await staysOf('?month=2026-13')).status).toBe(400);
    expect((await staysOf('?state=gone')).status).toBe(400);
  });

  it('is the hotel’s people’s only', async () => {
    expect((await staysOf('', (await fx.user()).id)).status).toBe(404);
  });
});
