import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResalePolicy } from '../../contract/resale-policy.ts';
import { applyHotelPolicy } from '../../server/hotel-policy/apply-policy.ts';
import { publishPolicy, setResalePaused } from '../../server/hotel-policy/publish-policy.ts';
import { registerHotelPolicyJobs } from '../../server/hotel-policy/register-jobs.ts';
import { hotelDeps } from '../../server/hotels/deps.ts';
import { registerHotelJobs } from '../../server/hotels/jobs.ts';
import { JobRegistry } from '../../server/jobs/registry.ts';
import { runDueJobs } from '../../server/jobs/worker.ts';
import { checkoutBody, type BuyingFixture } from '../helpers/buying-fixture.ts';
import { startHotelRuleWorld } from '../helpers/hotel-rule-world.ts';
import { AppError } from '../../server/http/errors.ts';
import { addMember, ALLOW_ALL_POLICY, connectHotel, runHotelPolicyJobs } from '../helpers/test-hotel.ts';

let fx: BuyingFixture;
let seller: { id: string };
let hotelId: string;
let adminId: string;

beforeAll(async () => {
  ({ fx, seller, hotelId, adminId } = await startHotelRuleWorld());
});
afterAll(() => fx.close());

const db = () => fx.server.database.db;
const checkout = (listingId: string, auth: Record<string, string>) =>
  fx.postJson('/api/payment/create-checkout-session', checkoutBody(listingId), auth);
const listing = (id: string) => db().selectFrom('listings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const publish = (changes: Partial<ResalePolicy>) =>
  publishPolicy(fx.deps, adminId, hotelId, { ...ALLOW_ALL_POLICY, ...changes });

describe('at checkout', () => {
  it('refuses a buyer once the hotel no longer allows the stay, and pauses it for its seller', async () => {
    const listingId = await fx.listStay(seller.id, { daysAhead: 5 });
    const reservation = await fx.reservationOf(listingId);
    // The hotel's system says the booking came through a travel agency (e.g. read again since listing).
    fx.pms.reservations.set(reservation.externalId, {
      ...reservation,
      resale: { ...reservation.resale, channels: ['travel_agency'] },
    });
    // Published straight into the table so no sweep runs first: checkout alone must hold the line.
    await db()
      .insertInto('hotel_policy_versions')
      .values({
        hotel_id: hotelId,
        version: 100,
        policy: JSON.stringify({ ...ALLOW_ALL_POLICY, channels: ['direct'] }),
        published_by: adminId,
        published_at: fx.clock(),
      })
      .execute();
    try {
      const buyer = await fx.user();
      const reply = await checkout(listingId, buyer.auth);
      expect(reply.status).toBe(409);
      expect(reply.body.details).toMatchObject({ reason: 'hotel_policy' });
      expect(reply.body.error).toBe(
        'Hotel Tejo does not allow resale of bookings made through a travel agency. This stay can no longer be bought.',
      );
      const row = await listing(listingId);
      expect(row.status).toBe('inactive');
      expect(row.hotel_pause_reason).toMatch(/travel agency/);
      expect(await db().selectFrom('orders').select('id').where('listing_id', '=', listingId).execute()).toEqual([]);
    } finally {
      await db().deleteFrom('hotel_policy_versions').where('version', '=', 100).execute();
      await applyHotelPolicy(fx.deps, hotelId);
    }
  });

  it('refuses a buyer inside the cut-off', async () => {
    await publish({ cutOffHours: 72 });
    const listingId = await fx.listStay(seller.id, { daysAhead: 2 });
    // The publish above ran before this listing existed; checkout reads the live policy itself.
    const reply = await checkout(listingId, (await fx.user()).auth);
    expect(reply.status).toBe(409);
    expect(reply.body.error).toMatch(/^Hotel Tejo does not allow resale within 3 days of check-in\./);
    await publish({});
  });
  // Two connections are needed to race a pause against a hold: PostgreSQL only (PGlite has one).
  it.runIf(process.env.TEST_DATABASE_URL)(
    'never holds a stay against a pause that committed while the checkout was placing its hold',
    async () => {
      await publish({});
      const listingId = await fx.listStay(seller.id, { daysAhead: 6 });
      let commitPause!: () => void;
      const pauseHeld = new Promise<void>((resolve) => (commitPause = resolve));
      let pauseLocked!: () => void;
      const locked = new Promise<void>((resolve) => (pauseLocked = resolve));
      // The admin's pause, as setResalePaused writes it, kept open until the checkout has read the hotel.
      const pause = db()
        .transaction()
        .execute(async (trx) => {
          await trx.selectFrom('hotels').select('id').where('id', '=', hotelId).forUpdate().execute();
          await trx
            .insertInto('hotel_resale_pauses')
            .values({ hotel_id: hotelId, paused_by: adminId, paused_at: fx.clock() })
            .execute();
          pauseLocked();
          await pauseHeld;
        });
      await locked;
      // The checkout's first look (before the hold) sees no pause yet; its hold then waits for the hotel's row.
      const reply = checkout(listingId, (await fx.user()).auth);
      await new Promise((resolve) => setTimeout(resolve, 500));
      commitPause();
      await pause;
      const answer = await reply;
      expect(answer.status).toBe(409);
      expect(answer.body.details).toMatchObject({ reason: 'hotel_policy' });
      expect(await listing(listingId)).toMatchObject({ status: 'inactive' });
      expect(await db().selectFrom('orders').select('id').where('listing_id', '=', listingId).execute()).toEqual([]);
      await setResalePaused(fx.deps, adminId, hotelId, false);
      await runHotelPolicyJobs(fx.deps);
    },
  );

  it("asks a buyer to try again, and leaves the stay on sale, while the stay's hotel cannot be read", async () => {
    const listingId = await fx.listStay(seller.id, { daysAhead: 5 });
    // As while start-up imports the hotels: no hotel of the stored reservation's enterprise has joined yet.
    const reservationId = (await listing(listingId)).reservation_id;
    await db()
      .updateTable('reservations')
      .set({ enterprise_id: 'not-joined-yet' })
      .where('id', '=', reservationId)
      .execute();
    const reply = await checkout(listingId, (await fx.user()).auth);
    expect(reply.status).toBe(503);
    expect(reply.headers.get('retry-after')).toBeTruthy();
    expect(reply.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', details: { reason: 'hotel_standing_unknown' } });
    expect(await listing(listingId)).toMatchObject({ status: 'active', hotel_pause_reason: null });
  });
});

describe('the kill switch with open holds', () => {
  it('releases the hold, expires the checkout, hides the stay; a paid sale finishes', async () => {
    await publish({});
    const held = await fx.heldStay(seller.id);
    const paidListing = await fx.heldStay(seller.id);
    // This buyer has paid; the webhook has not arrived yet.
    const paidEvent = fx.payments.pay(paidListing.sessionId);

    const effects = await setResalePaused(fx.deps, adminId, hotelId, true);
    // Said before the job runs: the database does not know yet that one of the two buyers has paid.
    expect(effects.holdsReleased).toBe(2);
    await runHotelPolicyJobs(fx.deps);

    const order = await db().selectFrom('orders').selectAll().where('id', '=', held.orderId).executeTakeFirstOrThrow();
    expect(order.state).toBe('cancelled');
    expect(fx.payments.sessions.get(held.sessionId)?.status).toBe('expired');
    expect((await listing(held.listingId)).status).toBe('inactive');

    // The buyer who paid keeps the stay: the sale goes on to its transfer.
    const paid = await db()
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', paidListing.orderId)
      .executeTakeFirstOrThrow();
    expect(paid.state).not.toBe('cancelled');
    expect((await listing(paidListing.listingId)).status).toBe('sold');
    expect((await fx.deliver(paidEvent)).status).toBe(200);

    // Nobody can start paying for a stay at the hotel while resale is paused.
    const again = await checkout(held.listingId, (await fx.user()).auth);
    expect(again.status).toBe(409);

    await setResalePaused(fx.deps, adminId, hotelId, false);
    await runHotelPolicyJobs(fx.deps);
    expect((await listing(held.listingId)).status).toBe('active');
  });
});

describe('a suspended integration', () => {
  /** Mews telling us about the hotel's integration, then the worker running what that queued. */
  async function integrationEvent(Action: string, integrationId: string) {
    const token = fx.server.config.mewsIntegrationWebhookToken;
    const reply = await fx.postJson(`/api/mews/integration-webhook?Token=${encodeURIComponent(token)}`, {
      Action,
      Data: { Integration: { Id: integrationId, Name: 'Restay' } },
    });
    expect(reply.status).toBe(200);
    const registry = registerHotelPolicyJobs(new JobRegistry(), fx.deps);
    registerHotelJobs(registry, hotelDeps({ ...fx.server, clock: fx.clock, logger: fx.deps.logger }));
    // Applying the event queues the listing pass; one more round runs it.
    for (let round = 0; round < 2; round++)
      await runDueJobs({ db: db(), clock: fx.clock, logger: fx.deps.logger, registry });
  }

  it('does what the kill switch does, and restoring it brings the stays back', async () => {
    await publish({});
    const integrationId = randomUUID();
    await db().updateTable('hotels').set({ integration_id: integrationId }).where('id', '=', hotelId).execute();
    const listed = await fx.listStay(seller.id, { daysAhead: 10 });
    const held = await fx.heldStay(seller.id);
    const paid = await fx.heldStay(seller.id);
    const paidEvent = fx.payments.pay(paid.sessionId);

    await integrationEvent('IntegrationDisabled', integrationId);
    for (const id of [listed, held.listingId]) {
      const row = await listing(id);
      expect(row.status).toBe('inactive');
      expect(row.hotel_pause_reason).toBe('Hotel Tejo has paused all resale of its bookings for now.');
    }
    const order = await db().selectFrom('orders').selectAll().where('id', '=', held.orderId).executeTakeFirstOrThrow();
    expect(order.state).toBe('cancelled');
    expect(fx.payments.sessions.get(held.sessionId)?.status).toBe('expired');
    // The buyer who had paid keeps the stay.
    expect((await listing(paid.listingId)).status).toBe('sold');
    expect((await fx.deliver(paidEvent)).status).toBe(200);
    const refused = await checkout(listed, (await fx.user()).auth);
    expect(refused.status).toBe(409);

    // A replay of the suspension changes nothing more; the restoration resumes what the hotel had paused.
    await integrationEvent('IntegrationDisabled', integrationId);
    await integrationEvent('IntegrationEnabled', integrationId);
    const hotel = await db().selectFrom('hotels').select('status').where('id', '=', hotelId).executeTakeFirstOrThrow();
    expect(hotel.status).toBe('connected');
    for (const id of [listed, held.listingId]) {
      const row = await listing(id);
      expect(row.status).toBe('active');
      expect(row.hotel_pause_reason).toBeNull();
    }
    expect((await checkout(listed, (await fx.user()).auth)).status).toBe(200);
  });
});

describe('a publish whose listing pass fails midway', () => {
  it('answers 2xx with the version live, and the job retries until the listings are in line', async () => {
    await publish({});
    const held = await fx.heldStay(seller.id);
    const admin = await fx.user();
    await addMember(db(), hotelId, 'admin', admin);
    // The payment provider does not answer when the hold's checkout is expired: the pass fails midway.
    fx.payments.failingExpiries.set(
      held.sessionId,
      new AppError('UPSTREAM_ERROR', 'The payment provider did not answer.'),
    );

    // Whatever earlier changes queued has run: the job below is this publish's own.
    await runHotelPolicyJobs(fx.deps);
    const earlierJobs = (await db().selectFrom('jobs').select('id').execute()).map((row) => row.id);
    const reply = await fx.server.request(`/api/hotels/${hotelId}/policy`, {
      method: 'PUT',
      headers: { ...admin.auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ policy: { ...ALLOW_ALL_POLICY, resaleEnabled: false } }),
    });
    expect(reply.status).toBe(200);
    // Every stay at the hotel is to leave the market, the open hold among them (other tests' stays too).
    expect(reply.body.data.effects.holdsReleased).toBeGreaterThanOrEqual(1);
    const version = reply.body.data.live.version as number;

    await runHotelPolicyJobs(fx.deps);
    // The job this publish queued (the fixture's clock stands still, so it is told apart by who was there before).
    const job = () =>
      db()
        .selectFrom('jobs')
        .select(['state', 'attempts', 'last_error'])
        .where('kind', '=', 'resale_policy.apply')
        .where('key', 'like', `${hotelId}@%`)
        .where('id', 'not in', earlierJobs)
        .executeTakeFirstOrThrow();
    expect(await job()).toMatchObject({ state: 'pending', attempts: 1 });
    expect((await job()).last_error).toMatch(/did not answer/);
    // The version stayed live and the hold is still open until the retry.
    const live = await db()
      .selectFrom('hotel_policy_versions')
      .select((eb) => eb.fn.max('version').as('version'))
      .where('hotel_id', '=', hotelId)
      .executeTakeFirstOrThrow();
    expect(Number(live.version)).toBe(version);
    expect((await listing(held.listingId)).status).toBe('reserved');

    fx.payments.failingExpiries.delete(held.sessionId);
    fx.clock.advance(60_000);
    await runHotelPolicyJobs(fx.deps);
    expect(await job()).toMatchObject({ state: 'done', attempts: 2 });
    expect((await listing(held.listingId)).status).toBe('inactive');
    expect(fx.payments.sessions.get(held.sessionId)?.status).toBe('expired');

    await publish({});
    await runHotelPolicyJobs(fx.deps);
    expect((await listing(held.listingId)).status).toBe('active');
  });
});

describe('another hotel', () => {
  it("is not touched by this hotel's switch", async () => {
    const other = await connectHotel(db(), { name: 'Hotel Other' });
    const effects = await setResalePaused(fx.deps, other.adminId, other.hotelId, true);
    expect(effects).toEqual({ paused: 0, resumed: 0, holdsReleased: 0 });
  });
});
