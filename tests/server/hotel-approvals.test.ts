import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_APPROVAL_POLICY, type ApprovalPolicy, type ResalePolicy } from '../../contract/resale-policy.ts';
import { REJECTION_REASONS } from '../../contract/stay-approvals.ts';
import { buyingDeps } from '../../server/payments/deps.ts';
import { PmsTransferError } from '../../server/selling/pms/pms.ts';
import { applyHotelChange } from '../../server/handover/hotel-changes.ts';
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
import { addMember, ALLOW_ALL_POLICY, connectHotel, runHotelPolicyJobs } from '../helpers/test-hotel.ts';

let server: SellingServer;
const time = manualClock(new Date('2031-03-01T12:00:00Z'));
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
let hotel: { hotelId: string; enterpriseId: string };
let admin: TestUser;
let staff: TestUser;

const db = () => server.database.db;
const deps = () => buyingDeps({ ...server, clock: time.clock, logger: pino({ level: 'silent' }) });
const runJobs = () => runHotelPolicyJobs(deps());

async function publishPolicy(approval: Partial<ApprovalPolicy>, changes: Partial<ResalePolicy> = {}) {
  await db()
    .insertInto('hotel_policy_versions')
    .values({
      hotel_id: hotel.hotelId,
      version: 1,
      policy: JSON.stringify({
        ...ALLOW_ALL_POLICY,
        ...changes,
        approval: { ...DEFAULT_APPROVAL_POLICY, ...approval },
      }),
      published_by: admin.id,
      published_at: time.clock(),
    })
    .execute();
}

beforeAll(async () => {
  server = await startSellingServer(time.clock);
});
afterAll(() => server.close());
beforeEach(async () => {
  time.set(new Date('2031-03-01T12:00:00Z'));
  await db().deleteFrom('rate_limits').execute();
  // Jobs of earlier tests would run here too: each test reads its own.
  await db().deleteFrom('jobs').execute();
  const enterpriseId = crypto.randomUUID();
  const connected = await connectHotel(db(), { enterpriseId, name: 'Hotel Seeblick', policy: null });
  hotel = { hotelId: connected.hotelId, enterpriseId };
  admin = await signedInUser();
  staff = await signedInUser();
  await addMember(db(), hotel.hotelId, 'admin', admin);
  await addMember(db(), hotel.hotelId, 'staff', staff);
  server.pms.writeError = null;
});

function reservationAtHotel(daysAhead = 20) {
  const base = pmsReservation({
    now: time.clock(),
    daysAhead,
    email: `guest-${crypto.randomUUID().slice(0, 8)}@example.com`,
  });
  return server.pms.add({
    ...base,
    hotel: { ...base.hotel, enterpriseId: hotel.enterpriseId, name: 'Hotel Seeblick' },
  });
}

/** Lists a reservation; `seller` names one who already proved it theirs (relisting), else a new one proves it. */
async function listStay(price = 400, reservation = reservationAtHotel(), seller?: TestUser) {
  if (!seller) {
    seller = await signedInUser();
    await verifyReservation(server, seller, reservation);
  }
  const reply = await post(server, '/api/listings', seller, {
    mewsReservationId: reservation.externalId,
    listingPrice: price,
    title: 'Double room by the lake',
  });
  if (reply.status !== 201) throw new Error(`create answered ${reply.status}: ${JSON.stringify(reply.body)}`);
  return { seller, reservation, listingId: reply.body.data.id as string, created: reply.body.data };
}

const listing = (id: string) => db().selectFrom('listings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const approvals = (by: TestUser) =>
  server.request(`/api/hotels/${hotel.hotelId}/stay-approvals`, { headers: by.headers });
const approve = (by: TestUser, listingId: string, hotelId = hotel.hotelId) =>
  post(server, `/api/hotels/${hotelId}/stay-approvals/${listingId}/approve`, by, {});
const reject = (by: TestUser, listingId: string, body: unknown) =>
  post(server, `/api/hotels/${hotel.hotelId}/stay-approvals/${listingId}/reject`, by, body);
const myListing = async (seller: TestUser, listingId: string) => {
  const reply = await server.request(`/api/listings/user/${seller.id}`, { headers: seller.headers });
  return reply.body.data.find((row: { id: string }) => row.id === listingId);
};
const mailTo = (to: string) =>
  db().selectFrom('mail_outbox').select(['subject', 'text_body']).where('to_address', '=', to).execute();

describe('automatic approval (the default)', () => {
  it('puts a new listing on sale at once, as before', async () => {
    await publishPolicy({});
    const { listingId, created } = await listStay();
    expect((await listing(listingId)).status).toBe('active');
    expect(created.awaitingHotel).toBeNull();
  });
});

describe('manual approval', () => {
  it('keeps a new listing waiting, out of sight, and asks the hotel in the console, by email and in its system', async () => {
    await publishPolicy({ mode: 'manual' });
    const { seller, reservation, listingId, created } = await listStay();
    const waiting = 'Waiting for Hotel Seeblick to approve. Hotels usually answer within 24 hours.';
    expect(created.awaitingHotel).toBe(waiting);
    const row = await listing(listingId);
    expect(row.status).toBe('awaiting_hotel');
    expect(row.approval_deadline).toEqual(new Date(time.clock().getTime() + DAY_MS));
    expect((await myListing(seller, listingId)).hotelApprovalText).toBe(waiting);

    // Never in the marketplace, never on a stay page but its seller's.
    const search = await server.request('/api/listings');
    expect(search.body.data.map((l: { id: string }) => l.id)).not.toContain(listingId);
    expect((await server.request(`/api/listings/${listingId}`)).status).toBe(404);
    expect((await server.request(`/api/listings/${listingId}`, { headers: seller.headers })).status).toBe(200);

    await runJobs();
    expect(server.pms.tasks.at(-1)).toMatchObject({
      hotel: { enterpriseId: hotel.enterpriseId },
      reservationId: reservation.externalId,
      deadline: row.approval_deadline,
    });
    expect(server.pms.tasks.at(-1)!.description).toContain(`/hotel/${hotel.hotelId}/approvals`);
    for (const person of [admin, staff]) {
      const [mail] = await mailTo(person.email);
      expect(mail!.subject).toBe('A stay at Hotel Seeblick waits for your approval');
      expect(mail!.text_body).toContain(`/hotel/${hotel.hotelId}/approvals`);
    }

    const queue = await approvals(staff);
    expect(queue.status).toBe(200);
    expect(queue.body.data.pending).toEqual([
      expect.objectContaining({
        listingId,
        askingPrice: 400,
        onTimeout: 'approve',
        reservation: expect.objectContaining({
          live: true,
          confirmationNumber: reservation.confirmationNumber,
          amountPaid: 450,
          channels: ['Direct bookings'],
        }),
      }),
    ]);
    expect(queue.body.data.pending[0].policyLines.length).toBeGreaterThan(0);
  });

  it('puts an approved stay on sale, keeps who decided, and answers 409 to a second decision', async () => {
    await publishPolicy({ mode: 'manual' });
    const { seller, listingId } = await listStay();
    const approved = await approve(staff, listingId);
    expect(approved.status).toBe(200);
    const row = await listing(listingId);
    expect(row).toMatchObject({ status: 'active', approved_price_cents: 40_000 });
    const again = await reject(admin, listingId, { reason: 'other' });
    expect(again.status).toBe(409);
    expect((await listing(listingId)).status).toBe('active');

    const { decisions } = (await approvals(admin)).body.data;
    expect(decisions).toEqual([expect.objectContaining({ listingId, decision: 'approved', decidedBy: staff.email })]);
    await runJobs();
    expect((await mailTo(seller.email)).map((mail) => mail.subject)).toContain('Hotel Seeblick approved your listing');
    const search = await server.request('/api/listings');
    expect(search.body.data.map((l: { id: string }) => l.id)).toContain(listingId);
  });

  it.each(REJECTION_REASONS)('rejects with the reason %s, which the seller reads', async (reason) => {
    await publishPolicy({ mode: 'manual' });
    const { seller, listingId } = await listStay();
    const rejected = await reject(admin, listingId, { reason, note: reason === 'other' ? 'Renovation' : undefined });
    expect(rejected.status).toBe(200);
    expect((await listing(listingId)).status).toBe('rejected_by_hotel');
    const text = (await myListing(seller, listingId)).hotelApprovalText as string;
    expect(text).toMatch(/^Hotel Seeblick did not approve this listing: /);
    if (reason === 'other') expect(text).toContain('"Renovation"');
    await runJobs();
    const [mail] = await mailTo(seller.email).then((mails) => mails.filter((m) => m.subject.includes('did not')));
    expect(mail!.text_body).toContain(text);
  });

  it('asks only for stays within N days of check-in or above an amount, when the policy says so', async () => {
    await publishPolicy({ mode: 'manual', withinDays: 7, aboveAskingPrice: 420 });
    expect((await listing((await listStay(400, reservationAtHotel(20))).listingId)).status).toBe('active');
    expect((await listing((await listStay(400, reservationAtHotel(5))).listingId)).status).toBe('awaiting_hotel');
    expect((await listing((await listStay(430, reservationAtHotel(20))).listingId)).status).toBe('awaiting_hotel');
  });

  it('never lets the deadline pass the cut-off before check-in', async () => {
    await publishPolicy({ mode: 'manual', deadlineHours: 72 }, { cutOffHours: 48 });
    const { listingId } = await listStay(400, reservationAtHotel(3));
    const { approval_deadline, start_utc } = await listing(listingId);
    expect(approval_deadline).toEqual(new Date(start_utc.getTime() - 48 * HOUR_MS));
  });
});

describe('bad input and strangers', () => {
  it('answers 400 in the API error shape, 403 to others, 404 to an unknown listing', async () => {
    await publishPolicy({ mode: 'manual' });
    const { seller, listingId } = await listStay();
    const invalid = await reject(admin, listingId, { reason: 'too_cheap' });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });

    expect((await approve(seller, listingId)).status).toBe(403);
    expect((await approvals(seller)).status).toBe(403);
    const elsewhere = await connectHotel(db(), { enterpriseId: crypto.randomUUID(), name: 'Other', policy: null });
    const otherAdmin = await signedInUser();
    await addMember(db(), elsewhere.hotelId, 'admin', otherAdmin);
    expect((await approve(otherAdmin, listingId)).status).toBe(403);
    // Their own hotel's queue does not hold this listing.
    expect((await approve(otherAdmin, listingId, elsewhere.hotelId)).status).toBe(404);
    expect((await approve(admin, crypto.randomUUID())).status).toBe(404);
    expect((await approve(admin, 'not-an-id')).status).toBe(404);
    expect((await listing(listingId)).status).toBe('awaiting_hotel');
  });
});

describe('the deadline', () => {
  it('approves when the policy says so, once, and is a no-op after a decision', async () => {
    await publishPolicy({ mode: 'manual', onTimeout: 'approve' });
    const { listingId } = await listStay();
    await runJobs();
    expect((await listing(listingId)).status).toBe('awaiting_hotel');
    time.advance(DAY_MS + 1);
    await runJobs();
    expect((await listing(listingId)).status).toBe('active');
    const decisions = await db()
      .selectFrom('listing_approval_decisions')
      .selectAll()
      .where('listing_id', '=', listingId)
      .execute();
    expect(decisions).toEqual([expect.objectContaining({ decision: 'approved', decided_by: null })]);
  });

  it('rejects when the policy says so, saying the hotel did not answer in time', async () => {
    await publishPolicy({ mode: 'manual', onTimeout: 'reject' });
    const { seller, listingId } = await listStay();
    time.advance(DAY_MS + 1);
    await runJobs();
    expect((await listing(listingId)).status).toBe('rejected_by_hotel');
    expect((await myListing(seller, listingId)).hotelApprovalText).toBe(
      'Hotel Seeblick did not approve this listing: the hotel did not answer in time.',
    );
  });

  it('changes nothing when the hotel decided first', async () => {
    await publishPolicy({ mode: 'manual', onTimeout: 'reject' });
    const { listingId } = await listStay();
    await approve(admin, listingId);
    time.advance(DAY_MS + 1);
    await runJobs();
    expect((await listing(listingId)).status).toBe('active');
    const count = await db()
      .selectFrom('listing_approval_decisions')
      .select('id')
      .where('listing_id', '=', listingId)
      .execute();
    expect(count).toHaveLength(1);
  });
});

describe('edits and changes at the hotel', () => {
  it('asks again on a raise above the approved price and on a relisting, not on a cut', async () => {
    await publishPolicy({ mode: 'manual' });
    const { seller, reservation, listingId } = await listStay(400);
    await approve(admin, listingId);
    const edit = (price: number) =>
      server.request(`/api/listings/${listingId}`, {
        method: 'PUT',
        headers: seller.headers,
        body: JSON.stringify({ listingPrice: price }),
      });
    expect((await edit(380)).status).toBe(200);
    expect((await listing(listingId)).status).toBe('active');
    expect((await edit(400)).status).toBe(200);
    expect((await listing(listingId)).status).toBe('active');
    expect((await edit(420)).status).toBe(200);
    expect((await listing(listingId)).status).toBe('awaiting_hotel');

    const withdrawn = await server.request(`/api/listings/${listingId}`, { method: 'DELETE', headers: seller.headers });
    expect(withdrawn.status).toBe(200);
    const relisted = await listStay(300, reservation, seller);
    expect((await listing(relisted.listingId)).status).toBe('awaiting_hotel');
  });

  it('pauses an approved listing the policy stopped allowing while it waited', async () => {
    await publishPolicy({ mode: 'manual' });
    const { listingId } = await listStay();
    await db()
      .insertInto('hotel_policy_versions')
      .values({
        hotel_id: hotel.hotelId,
        version: 2,
        policy: JSON.stringify({ ...ALLOW_ALL_POLICY, channels: ['ota'], approval: { ...DEFAULT_APPROVAL_POLICY } }),
        published_by: admin.id,
        published_at: time.clock(),
      })
      .execute();
    expect((await approve(admin, listingId)).status).toBe(200);
    await runJobs();
    const paused = await listing(listingId);
    expect(paused.status).toBe('inactive');
    expect(paused.hotel_pause_reason).toMatch(/^Hotel Seeblick does not allow resale of bookings made through /);
  });

  it('takes a waiting listing out of the queue when the hotel cancels the reservation', async () => {
    await publishPolicy({ mode: 'manual' });
    const { reservation, listingId } = await listStay();
    server.pms.update(reservation.confirmationNumber, { state: 'cancelled' });
    await applyHotelChange(deps(), reservation.externalId);
    expect(await listing(listingId)).toMatchObject({ status: 'withdrawn', withdrawn_by_hotel: 'cancelled' });
    expect((await approvals(admin)).body.data.pending).toEqual([]);
    expect((await approve(admin, listingId)).status).toBe(409);
  });
});

describe("the hotel's system failing", () => {
  it('retries a task on an outage, fails it for an operator on a refusal, and never blocks the decision', async () => {
    await publishPolicy({ mode: 'manual' });
    server.pms.writeError = new PmsTransferError('unavailable', "The hotel's system failed (500).");
    const { listingId } = await listStay();
    await runJobs();
    const task = () =>
      db()
        .selectFrom('jobs')
        .select(['state', 'attempts'])
        .where('kind', '=', 'approvals.pms_task')
        .executeTakeFirstOrThrow();
    expect(await task()).toMatchObject({ state: 'pending', attempts: 1 });

    server.pms.writeError = new PmsTransferError('refused', 'Forbidden: the call was not granted (403).');
    time.advance(HOUR_MS);
    await runJobs();
    expect((await task()).state).toBe('failed');
    expect((await approve(admin, listingId)).status).toBe(200);
  });

  it('waits as the hotel asks on a 429', async () => {
    await publishPolicy({ mode: 'manual' });
    server.pms.writeError = new PmsTransferError('rate_limited', 'The hotel asked us to slow down.', 120_000);
    await listStay();
    await runJobs();
    const job = await db()
      .selectFrom('jobs')
      .select(['state', 'run_at'])
      .where('kind', '=', 'approvals.pms_task')
      .executeTakeFirstOrThrow();
    expect(job.state).toBe('pending');
    expect(job.run_at.getTime()).toBe(time.clock().getTime() + 120_000);
  });
});
