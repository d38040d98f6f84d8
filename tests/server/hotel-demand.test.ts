import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personWithSearch } from '../helpers/alerts.ts';
import { startBuyingServer, type BuyingFixture } from '../helpers/buying-fixture.ts';
import { projectToken } from '../helpers/project-tokens.ts';
import { addMember, connectHotel, hotelIdOf } from '../helpers/test-hotel.ts';

/**
 * GET /api/hotels/:hotelId/demand, on PGlite and (TEST_DATABASE_URL) PostgreSQL: per week for the next 12, how
 * many saved searches would match a stay at the hotel, placed by its stays' places and its map cell.
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
const deps = () => ({ db: db(), clock: fx.clock });
const demandOf = async (id: string, userId = staffId) => {
  const token = await projectToken(userId, `${userId}@example.com`);
  return fx.server.request(`/api/hotels/${id}/demand`, { headers: { Authorization: `Bearer ${token}` } });
};
const DAY_MS = 86_400_000;
const day = (offset: number) => new Date(fx.clock().getTime() + offset * DAY_MS).toISOString().slice(0, 10);

describe('the hotel’s demand', () => {
  it('counts, week by week, the saved searches that would match a stay at the hotel', async () => {
    const seller = await fx.user();
    const listingId = await fx.listStay(seller.id, { daysAhead: 40 });
    const { reservation_id } = await db()
      .selectFrom('listings')
      .select('reservation_id')
      .where('id', '=', listingId)
      .executeTakeFirstOrThrow();
    await db()
      .updateTable('reservations')
      .set({ latitude: 38.72, longitude: -9.14, time_zone: 'UTC' })
      .where('id', '=', reservation_id)
      .execute();

    await personWithSearch(deps(), { location: 'lisbon' });
    await personWithSearch(deps(), { location: 'Oslo' });
    await personWithSearch(deps(), { bounds: '38.5,-9.5,39,-9' });
    await personWithSearch(deps(), { bounds: '59,10,60,11' });
    // Anywhere, but only for two nights in the third week.
    await personWithSearch(deps(), { startDate: day(15), endDate: day(17) });
    // Ends in the first week: it admits a night of that week only.
    await personWithSearch(deps(), { location: 'Lisbon', startDate: day(-10), endDate: day(2) });
    const paused = await personWithSearch(deps(), { location: 'Lisbon' });
    await db().updateTable('saved_searches').set({ paused: true }).where('id', '=', paused.searchId).execute();

    const reply = await demandOf(hotelId);
    expect(reply.status).toBe(200);
    const weeks = reply.body.data.weeks as { weekStart: string; searches: number }[];
    expect(reply.body.data.located).toBe(true);
    expect(weeks).toHaveLength(12);
    expect(weeks[0]!.weekStart).toBe(day(0));
    expect(weeks[11]!.weekStart).toBe(day(77));
    // Lisbon by text and the Lisbon map area, every week; the dated anywhere search in week 3; the short Lisbon
    // search in week 1 only.
    expect(weeks.map((week) => week.searches)).toEqual([3, 2, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2]);
  });

  it('is the hotel’s people’s only, and counts only searches naming no place for a hotel it cannot place', async () => {
    expect((await demandOf(hotelId, (await fx.user()).id)).status).toBe(404);
    const unknown = await connectHotel(db(), { name: 'Hotel Nowhere', policy: null });
    const reply = await demandOf(unknown.hotelId, unknown.adminId);
    expect(reply.body.data.located).toBe(false);
    expect(reply.body.data.weeks[2].searches).toBe(1);
    expect(reply.body.data.weeks[0].searches).toBe(0);
  });
});
