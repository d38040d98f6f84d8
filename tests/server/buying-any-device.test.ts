import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuyingServer, type BuyingFixture } from '../helpers/buying-fixture.ts';

/**
 * A buyer may start paying on one device and come back on another: the server, not the browser's storage,
 * says whose checkout holds a stay.
 */
let fx: BuyingFixture;
let seller: Awaited<ReturnType<BuyingFixture['user']>>;

beforeAll(async () => {
  fx = await startBuyingServer();
  seller = await fx.user({ firstName: 'Sam' });
});
afterAll(() => fx.close());

const listingAs = (listingId: string, auth: Record<string, string> = {}) =>
  fx.server.request(`/api/listings/${listingId}`, { headers: auth });

describe('GET /api/listings/:id tells the viewer whether the hold is theirs', () => {
  it('says so to the buyer holding the stay, and to nobody else', async () => {
    const { buyer, listingId } = await fx.heldStay(seller.id);
    const stranger = await fx.user();

    const mine = await listingAs(listingId, buyer.auth);
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({ id: listingId, status: 'reserved', held_by_viewer: true });
    expect((await listingAs(listingId, stranger.auth)).body.data.held_by_viewer).toBe(false);
    expect((await listingAs(listingId, seller.auth)).body.data.held_by_viewer).toBe(false);
    expect((await listingAs(listingId)).body.data.held_by_viewer).toBe(false);
  });

  it('reads a refused token as a guest: a public page never fails over a stale sign-in', async () => {
    const { listingId } = await fx.heldStay(seller.id);
    const { status, body } = await listingAs(listingId, { Authorization: 'Bearer not-a-token' });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ id: listingId, held_by_viewer: false });
  });

  it('stops saying so once the hold has ended', async () => {
    const { buyer, listingId, sessionId } = await fx.heldStay(seller.id);
    expect((await fx.postJson('/api/payment/cancel', { sessionId }, buyer.auth)).status).toBe(200);
    expect((await listingAs(listingId, buyer.auth)).body.data).toMatchObject({
      status: 'active',
      held_by_viewer: false,
    });
  });
});

describe('POST /api/payment/cancel by the stay', () => {
  const cancelStay = (listingId: string, auth: Record<string, string>) =>
    fx.postJson('/api/payment/cancel', { listingId }, auth);
  const listingStatus = async (id: string) =>
    (await fx.server.database.db.selectFrom('listings').select('status').where('id', '=', id).executeTakeFirstOrThrow())
      .status;

  it("releases the caller's own open checkout of the stay, at the provider first, without its session id", async () => {
    const { buyer, listingId, sessionId } = await fx.heldStay(seller.id);
    const { status, body } = await cancelStay(listingId, buyer.auth);
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, data: { orderState: 'cancelled', listingId } });
    expect(fx.payments.sessions.get(sessionId)!.status).toBe('expired');
    expect(await listingStatus(listingId)).toBe('active');
    // Again: the latest checkout's state is the answer, and nothing changes.
    expect((await cancelStay(listingId, buyer.auth)).body.data.orderState).toBe('cancelled');
  });

  it("never finds someone else's checkout by naming the stay", async () => {
    const { listingId } = await fx.heldStay(seller.id);
    const stranger = await fx.user();
    const { status, body } = await cancelStay(listingId, stranger.auth);
    expect(status).toBe(404);
    expect(body.code).toBe('NOT_FOUND');
    expect(await listingStatus(listingId)).toBe('reserved');
    expect((await cancelStay(listingId, {})).status).toBe(401);
  });

  it('answers 404 for a stay id that is not one, and 400 when the body names no checkout', async () => {
    const buyer = await fx.user();
    expect((await cancelStay('not-a-listing', buyer.auth)).status).toBe(404);
    const { status, body } = await fx.postJson('/api/payment/cancel', {}, buyer.auth);
    expect(status).toBe(400);
    expect(body.code).toBe('VALIDATION_ERROR');
  });
});
