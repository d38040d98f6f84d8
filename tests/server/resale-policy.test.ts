import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ResalePolicy } from '../../contract/resale-policy.ts';
import { pmsReservation } from '../helpers/pms-double.ts';
import {
  manualClock,
  post,
  signedInUser,
  startSellingServer,
  verifyReservation,
  type SellingServer,
  type TestUser,
} from '../helpers/selling.ts';
import { pino } from 'pino';
import { buyingDeps } from '../../server/payments/deps.ts';
import { addMember, ALLOW_ALL_POLICY, connectHotel, runHotelPolicyJobs } from '../helpers/test-hotel.ts';

let server: SellingServer;
const time = manualClock(new Date('2031-03-01T12:00:00Z'));
const DAY_MS = 86_400_000;
let hotel: { hotelId: string; adminId: string; enterpriseId: string };
let admin: TestUser;

beforeAll(async () => {
  server = await startSellingServer(time.clock);
});
afterAll(() => server.close());
beforeEach(async () => {
  await server.database.db.deleteFrom('rate_limits').execute();
  // Each test has a hotel of its own (Hotel Seeblick), connected, with nothing published: resale off.
  const enterpriseId = crypto.randomUUID();
  const connected = await connectHotel(server.database.db, { enterpriseId, name: 'Hotel Seeblick', policy: null });
  hotel = { ...connected, enterpriseId };
  admin = await signedInUser();
  await addMember(server.database.db, hotel.hotelId, 'admin', admin);
});

const db = () => server.database.db;
const policy = (changes: Partial<ResalePolicy> = {}): ResalePolicy => ({
  ...ALLOW_ALL_POLICY,
  channels: ['direct'],
  cutOffHours: 48,
  ...changes,
});

function reservationAtHotel(overrides: Parameters<typeof pmsReservation>[0] = {}) {
  const base = pmsReservation({ now: time.clock(), email: `guest-${crypto.randomUUID().slice(0, 8)}@example.com` });
  return server.pms.add({
    ...base,
    hotel: { ...base.hotel, enterpriseId: hotel.enterpriseId, name: 'Hotel Seeblick' },
    ...overrides,
  });
}

const publish = (by: TestUser | undefined, body: unknown) =>
  server.request(`/api/hotels/${hotel.hotelId}/policy`, {
    method: 'PUT',
    headers: by?.headers ?? { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
const get = (by: TestUser | undefined, path: string) =>
  server.request(`/api/hotels/${hotel.hotelId}/policy${path}`, { headers: by?.headers ?? {} });

/** The job a publish or the kill switch queued, run as the server's worker would. */
const bringInLine = () =>
  runHotelPolicyJobs(buyingDeps({ ...server, clock: time.clock, logger: pino({ level: 'silent' }) }));

async function published(changes: Partial<ResalePolicy> = {}) {
  const reply = await publish(admin, { policy: policy(changes) });
  if (reply.status !== 200) throw new Error(`publish answered ${reply.status}: ${JSON.stringify(reply.body)}`);
  await bringInLine();
  return reply.body.data;
}

async function importReply(user: TestUser, reservation: ReturnType<typeof reservationAtHotel>) {
  return post(server, '/api/reservations/verify-combined', user, {
    confirmationNumber: reservation.confirmationNumber,
    email: reservation.guest.email,
  });
}

async function listedStay(overrides: Parameters<typeof pmsReservation>[0] = {}, price = 400) {
  const seller = await signedInUser();
  const reservation = reservationAtHotel(overrides);
  await verifyReservation(server, seller, reservation);
  const reply = await post(server, '/api/listings', seller, {
    mewsReservationId: reservation.externalId,
    listingPrice: price,
    title: 'Double room by the lake',
  });
  if (reply.status !== 201) throw new Error(`create answered ${reply.status}: ${JSON.stringify(reply.body)}`);
  return { seller, reservation, listingId: reply.body.data.id as string };
}

const listingRow = (id: string) =>
  db().selectFrom('listings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('a new hotel', () => {
  it('starts with resale off: an import is refused with the hotel named', async () => {
    const reply = await importReply(await signedInUser(), reservationAtHotel());
    expect(reply.status).toBe(409);
    expect(reply.body.details).toMatchObject({ reason: 'hotel_policy' });
    expect(reply.body.error).toBe('Hotel Seeblick does not allow resale of its bookings.');
  });

  it("refuses a reservation from a hotel that never joined, by the hotel system's name for it", async () => {
    const reservation = reservationAtHotel();
    server.pms.update(reservation.confirmationNumber, {
      hotel: { ...reservation.hotel, enterpriseId: 'never-joined', name: 'Hotel Elsewhere' },
    });
    const reply = await importReply(await signedInUser(), reservation);
    expect(reply.status).toBe(409);
    expect(reply.body.error).toBe('Hotel Elsewhere has not joined Restay yet, so its bookings cannot be resold.');
  });
});

describe('every rule at import', () => {
  it('refuses a booking made through an online travel agency when only direct bookings may be resold', async () => {
    await published();
    const ota = reservationAtHotel({ resale: { rateId: 'r1', roomTypeId: 'c1', channels: ['ota'] } });
    const reply = await importReply(await signedInUser(), ota);
    expect(reply.status).toBe(409);
    expect(reply.body.error).toBe(
      'Hotel Seeblick does not allow resale of bookings made through an online travel agency.',
    );
    const direct = reservationAtHotel();
    expect((await importReply(await signedInUser(), direct)).status).toBe(200);
  });

  it('refuses a rate or a room type the hotel did not tick', async () => {
    await published({ rates: [{ id: 'rate-flex', name: 'Flexible' }], roomTypes: [{ id: 'suite', name: 'Suite' }] });
    const reply = await importReply(
      await signedInUser(),
      reservationAtHotel({ resale: { rateId: 'rate-nonref', roomTypeId: 'double', channels: ['direct'] } }),
    );
    expect(reply.status).toBe(409);
    expect(reply.body.details.reasons).toEqual([
      'Hotel Seeblick does not allow resale of bookings at this rate.',
      'Hotel Seeblick does not allow resale of bookings for this room type.',
    ]);
  });

  it('refuses within the cut-off and during a blackout, in the hotel’s own days', async () => {
    await published({ cutOffHours: 7 * 24, blackouts: [{ from: '2031-03-20', to: '2031-03-22' }] });
    const soon = reservationAtHotel({ startUtc: new Date(time.clock().getTime() + 6 * DAY_MS) });
    soon.endUtc = new Date(soon.startUtc.getTime() + 2 * DAY_MS);
    server.pms.add(soon);
    const reply = await importReply(await signedInUser(), soon);
    expect(reply.body.error).toBe('Hotel Seeblick does not allow resale within 7 days of check-in.');

    const blackedOut = reservationAtHotel({
      startUtc: new Date('2031-03-21T14:00:00Z'),
      endUtc: new Date('2031-03-24T10:00:00Z'),
    });
    const refused = await importReply(await signedInUser(), blackedOut);
    expect(refused.body.error).toBe(
      'Hotel Seeblick does not allow resale of stays between Thu, Mar 20, 2031 and Sat, Mar 22, 2031.',
    );
  });
});

describe('listing and price changes', () => {
  it("holds the lower of Restay's ceiling and the hotel's cap, at listing and on a price change", async () => {
    await published({ priceCapPercent: 80 });
    // 450.00 paid: the hotel allows at most 360.00.
    const seller = await signedInUser();
    const reservation = reservationAtHotel();
    await verifyReservation(server, seller, reservation);
    const found = await post(server, '/api/reservations/find', seller, { reservationId: reservation.externalId });
    expect(found.body.data.pricing.maxPrice).toBe(360);
    const tooDear = await post(server, '/api/listings', seller, {
      mewsReservationId: reservation.externalId,
      listingPrice: 361,
      title: 'Double room by the lake',
    });
    expect(tooDear.status).toBe(409);
    expect(tooDear.body.error).toBe('Hotel Seeblick allows an asking price of at most 80% of the price paid, €360.');
    // The form is told the same sentence ahead, to say while the seller types.
    expect(found.body.data.pricing.overCapMessage).toBe(tooDear.body.error);

    const { seller: owner, listingId } = await listedStay({}, 360);
    const raised = await server.request(`/api/listings/${listingId}`, {
      method: 'PUT',
      headers: owner.headers,
      body: JSON.stringify({ listingPrice: 400 }),
    });
    expect(raised.status).toBe(409);
    expect((await listingRow(listingId)).price_cents).toBe(36_000);
    // My Listings carries the same ceiling and sentence, so the edit form says it while the seller types.
    const mine = await server.request(`/api/listings/user/${owner.id}`, { headers: owner.headers });
    expect(mine.body.data.find((l: { id: string }) => l.id === listingId).priceCeiling).toEqual({
      maxPrice: 360,
      overCapMessage: raised.body.error,
    });
  });

  it('refuses listing once the cut-off has come between the code and the listing', async () => {
    await published({ cutOffHours: 48 });
    const seller = await signedInUser();
    const reservation = reservationAtHotel({ startUtc: new Date(time.clock().getTime() + 2.4 * DAY_MS) });
    await verifyReservation(server, seller, reservation);
    time.advance(0.5 * DAY_MS);
    try {
      const reply = await post(server, '/api/listings', seller, {
        mewsReservationId: reservation.externalId,
        listingPrice: 300,
        title: 'Double room by the lake',
      });
      expect(reply.status).toBe(409);
      expect(reply.body.error).toBe('Hotel Seeblick does not allow resale within 2 days of check-in.');
    } finally {
      time.advance(-0.5 * DAY_MS);
    }
  });
});

describe('a policy change', () => {
  it('pauses listings that no longer comply, tells their seller why, and resumes them when relaxed', async () => {
    await published({ channels: ['direct', 'ota'] });
    const ota = await listedStay({ resale: { rateId: 'r', roomTypeId: 'c', channels: ['ota'] } });
    const direct = await listedStay();

    const tightened = await published({ channels: ['direct'] });
    expect(tightened.effects).toMatchObject({ paused: 1, resumed: 0 });
    const paused = await listingRow(ota.listingId);
    expect(paused.status).toBe('inactive');
    expect(paused.hotel_pause_reason).toBe(
      'Hotel Seeblick does not allow resale of bookings made through an online travel agency.',
    );
    expect((await listingRow(direct.listingId)).status).toBe('active');
    const job = await db()
      .selectFrom('jobs')
      .select('payload')
      .where('kind', '=', 'resale_policy.listing_paused_email')
      .where('key', 'like', `${ota.listingId}@%`)
      .executeTakeFirstOrThrow();
    expect(job.payload).toMatchObject({ listingId: ota.listingId });

    // The seller cannot put it back on sale while the hotel does not allow it.
    const resume = await server.request(`/api/listings/${ota.listingId}`, {
      method: 'PUT',
      headers: ota.seller.headers,
      body: JSON.stringify({ status: 'active' }),
    });
    expect(resume.status).toBe(409);
    const mine = await server.request(`/api/listings/user/${ota.seller.id}`, { headers: ota.seller.headers });
    expect(mine.body.data.find((l: { id: string }) => l.id === ota.listingId)).toMatchObject({
      status: 'inactive',
      hotelPauseReason: 'Hotel Seeblick does not allow resale of bookings made through an online travel agency.',
    });

    const relaxed = await published({ channels: ['direct', 'ota'] });
    expect(relaxed.effects).toMatchObject({ resumed: 1 });
    const back = await listingRow(ota.listingId);
    expect(back.status).toBe('active');
    expect(back.hotel_pause_reason).toBeNull();
    // Its seller hears that it is back, as they heard that it was paused.
    const told = await db()
      .selectFrom('jobs')
      .select('payload')
      .where('kind', '=', 'resale_policy.listing_resumed_email')
      .where('key', 'like', `${ota.listingId}@%`)
      .executeTakeFirstOrThrow();
    expect(told.payload).toMatchObject({ listingId: ota.listingId });
  });

  it('leaves a listing its seller paused to its seller', async () => {
    await published();
    const { seller, listingId } = await listedStay();
    await server.request(`/api/listings/${listingId}`, {
      method: 'PUT',
      headers: seller.headers,
      body: JSON.stringify({ status: 'inactive' }),
    });
    await published({ resaleEnabled: false });
    await published();
    const row = await listingRow(listingId);
    expect(row.status).toBe('inactive');
    expect(row.hotel_pause_reason).toBeNull();
  });

  it('keeps every version with who and when; the newest is live', async () => {
    await published({ cutOffHours: 24 });
    await published({ cutOffHours: 72 });
    const versions = await get(admin, '/versions');
    expect(versions.status).toBe(200);
    expect(versions.body.data.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(versions.body.data[0]).toMatchObject({ publishedBy: admin.email, policy: { cutOffHours: 72 } });
    const view = await get(admin, '');
    expect(view.body.data).toMatchObject({ role: 'admin', live: { version: 2 }, pausedAt: null });
  });

  it('refuses a malformed policy with a field error and publishes nothing', async () => {
    const reply = await publish(admin, { policy: { ...policy(), priceCapPercent: 120 } });
    expect(reply.status).toBe(400);
    expect(reply.body.details[0].field).toBe('policy.priceCapPercent');
    expect((await get(admin, '')).body.data.live).toBeNull();
  });
});

describe('the kill switch', () => {
  it('hides every listing at once, refuses imports, and brings them back when lifted', async () => {
    await published();
    const { listingId } = await listedStay();
    const pause = await post(server, `/api/hotels/${hotel.hotelId}/policy/pause`, admin, { confirm: true });
    expect(pause.status).toBe(200);
    expect(pause.body.data).toMatchObject({ paused: 1 });
    await bringInLine();
    expect((await listingRow(listingId)).status).toBe('inactive');
    const search = await server.request('/api/listings?hotelName=Seeblick');
    expect(search.body.data.some((l: { id: string }) => l.id === listingId)).toBe(false);
    const refused = await importReply(await signedInUser(), reservationAtHotel());
    expect(refused.body.error).toBe('Hotel Seeblick has paused all resale of its bookings for now.');

    const resume = await post(server, `/api/hotels/${hotel.hotelId}/policy/resume`, admin, { confirm: true });
    expect(resume.body.data).toMatchObject({ resumed: 1 });
    await bringInLine();
    expect((await listingRow(listingId)).status).toBe('active');
  });

  it('needs the confirmation', async () => {
    const reply = await post(server, `/api/hotels/${hotel.hotelId}/policy/pause`, admin, {});
    expect(reply.status).toBe(400);
  });

  it('does the same while the integration is suspended', async () => {
    await published();
    await db().updateTable('hotels').set({ status: 'suspended' }).where('id', '=', hotel.hotelId).execute();
    const refused = await importReply(await signedInUser(), reservationAtHotel());
    expect(refused.body.error).toBe('Hotel Seeblick has paused all resale of its bookings for now.');
  });

  it('does the same while the hotel waits for its first admin (pending): nobody answers for its policy yet', async () => {
    await published();
    await db().updateTable('hotels').set({ status: 'pending' }).where('id', '=', hotel.hotelId).execute();
    const refused = await importReply(await signedInUser(), reservationAtHotel());
    expect(refused.body.error).toBe('Hotel Seeblick has paused all resale of its bookings for now.');
  });
});

describe('who may do what', () => {
  it('lets staff read but not publish or pause; another hotel’s admin, a seller and a guest get nothing', async () => {
    const staff = await signedInUser();
    await addMember(db(), hotel.hotelId, 'staff', staff);
    expect((await get(staff, '')).body.data.role).toBe('staff');
    expect((await get(staff, '/versions')).status).toBe(200);
    expect((await publish(staff, { policy: policy() })).status).toBe(403);
    expect((await post(server, `/api/hotels/${hotel.hotelId}/policy/pause`, staff, { confirm: true })).status).toBe(
      403,
    );

    const other = await connectHotel(db(), { name: 'Hotel Other' });
    const otherAdmin = await signedInUser();
    await addMember(db(), other.hotelId, 'admin', otherAdmin);
    expect((await get(otherAdmin, '')).status).toBe(404);
    expect((await publish(otherAdmin, { policy: policy() })).status).toBe(404);

    const seller = await signedInUser();
    expect((await get(seller, '')).status).toBe(404);
    expect((await get(undefined, '')).status).toBe(401);
    expect((await publish(undefined, { policy: policy() })).status).toBe(401);
  });
});
