import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishPolicy, setResalePaused } from '../../server/hotel-policy/publish-policy.ts';
import { startBuyingServer, type BuyingFixture } from '../helpers/buying-fixture.ts';
import { projectToken } from '../helpers/project-tokens.ts';
import { addMember, ALLOW_ALL_POLICY, firstMemberOf, hotelIdOf } from '../helpers/test-hotel.ts';

/**
 * GET /api/hotels/:hotelId/lately, on PGlite and (TEST_DATABASE_URL) PostgreSQL: the console's Overview says
 * whether resale is on, off or paused, and what happened lately to the hotel's stays.
 */

let fx: BuyingFixture;
let hotelId: string;
let adminId: string;
beforeAll(async () => {
  fx = await startBuyingServer();
  hotelId = await hotelIdOf(fx.server.database.db);
  adminId = await firstMemberOf(fx.server.database.db, hotelId);
});
afterAll(() => fx.close());

const db = () => fx.server.database.db;
const lately = async (userId: string) => {
  const token = await projectToken(userId, `${userId}@example.com`);
  return fx.server.request(`/api/hotels/${hotelId}/lately`, { headers: { Authorization: `Bearer ${token}` } });
};

describe('the hotel’s Overview at a glance', () => {
  it('says resale is on, paused or off as the policy and the switch say', async () => {
    await publishPolicy(fx.deps, adminId, hotelId, ALLOW_ALL_POLICY);
    const on = await lately(adminId);
    expect(on.status).toBe(200);
    expect(on.body.data.resale).toMatchObject({ state: 'on', pausedAt: null });
    const version = on.body.data.resale.policyVersion as number;

    await setResalePaused(fx.deps, adminId, hotelId, true);
    expect((await lately(adminId)).body.data.resale).toEqual({
      state: 'paused',
      policyVersion: version,
      pausedAt: fx.clock().toISOString(),
    });
    await setResalePaused(fx.deps, adminId, hotelId, false);

    await publishPolicy(fx.deps, adminId, hotelId, { ...ALLOW_ALL_POLICY, resaleEnabled: false });
    expect((await lately(adminId)).body.data.resale).toMatchObject({ state: 'off', policyVersion: version + 1 });
    await publishPolicy(fx.deps, adminId, hotelId, ALLOW_ALL_POLICY);
  });

  it('lists the newest stays listed, bought and put in a new guest’s name, newest first', async () => {
    const seller = await fx.user();
    const listed = await fx.listStay(seller.id, { daysAhead: 20 });
    fx.clock.advance(60_000);
    const { listingId: sold, orderId } = await fx.heldStay(seller.id, { daysAhead: 30 });
    fx.clock.advance(60_000);
    const paidAt = fx.clock();
    await db().updateTable('orders').set({ state: 'paid', paid_at: paidAt }).where('id', '=', orderId).execute();
    fx.clock.advance(60_000);
    const transferredAt = fx.clock();
    await db().updateTable('orders').set({ transferred_at: transferredAt }).where('id', '=', orderId).execute();

    const staff = await addMember(db(), hotelId, 'staff');
    const reply = await lately(staff);
    expect(reply.status).toBe(200);
    const recent = reply.body.data.recent as { kind: string; at: string; checkIn: string }[];
    const row = (id: string) => db().selectFrom('listings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const [listedRow, soldRow] = [await row(listed), await row(sold)];
    expect(recent.slice(0, 4)).toEqual([
      expect.objectContaining({ kind: 'in_new_name', at: transferredAt.toISOString(), roomType: soldRow.room_type }),
      expect.objectContaining({ kind: 'sold', at: paidAt.toISOString() }),
      expect.objectContaining({ kind: 'listed', at: new Date(soldRow.created_at).toISOString() }),
      expect.objectContaining({ kind: 'listed', at: new Date(listedRow.created_at).toISOString() }),
    ]);
    expect(recent[0]!.checkIn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(recent.length).toBeLessThanOrEqual(8);
  });

  it('is the hotel’s people’s only: anyone else gets 404', async () => {
    const stranger = await fx.user();
    expect((await lately(stranger.id)).status).toBe(404);
  });
});
