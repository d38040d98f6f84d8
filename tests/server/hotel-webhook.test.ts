import { PARKED_REASON } from '../../server/orders/parked-cancellation.ts';
import { runOrdersCommand } from '../../server/payments/orders-command.ts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPaymentJobs } from '../../server/buying-jobs.ts';
import { PmsTransferError } from '../../server/selling/pms/pms.ts';
import { checkoutBody, startBuyingServer, type BuyingFixture } from '../helpers/buying-fixture.ts';
import { connectHotel } from '../helpers/test-hotel.ts';

/**
 * The hotel's changes reaching Restay: Mews' General Webhook (`ServiceOrderUpdated` with the reservation id,
 * `?Token=` secret) queues a durable re-read, and the job acts on what the hotel then holds.
 */

let fx: BuyingFixture;
let seller: Awaited<ReturnType<BuyingFixture['user']>>;
const SELLER_EMAIL = 'sam.seller@example.com';

beforeAll(async () => {
  fx = await startBuyingServer();
  seller = await fx.user({ firstName: 'Sam', email: SELLER_EMAIL });
});
afterAll(() => fx.close());

const db = () => fx.server.database.db;
const token = () => fx.server.config.mewsWebhookToken;
const order = (id: string) => db().selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const listingStatus = async (id: string) =>
  (await db().selectFrom('listings').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const hotelChangeJobs = async () =>
  (
    await db()
      .selectFrom('jobs')
      .select(['key', 'state', 'payload'])
      .where('kind', '=', 'handover.hotel_change')
      .orderBy('id')
      .execute()
  ).map((job) => ({ ...job, payload: job.payload as { reservationId: string } }));

function envelope(...reservationIds: string[]) {
  return {
    EnterpriseId: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
    IntegrationId: 'c8bee838-7fb1-4f4e-8fac-ac87008b2f90',
    Events: reservationIds.map((Id) => ({ Discriminator: 'ServiceOrderUpdated', Value: { Id } })),
  };
}

function notify(body: unknown, query = `?Token=${encodeURIComponent(token())}`) {
  return fx.server.request(`/api/mews/webhook${query}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/**
 * A listing of a Mews reservation the seller proved with SELLER_EMAIL, which the hotel holds as listed.
 * Answers its ids and a way to change the reservation at the hotel.
 */
async function listedStay() {
  const listingId = await fx.listStay(seller.id);
  const { externalId } = await fx.asMewsStayOf(listingId, SELLER_EMAIL);
  const hotelChanges = (changes: Partial<ReturnType<typeof fx.pms.reservations.get> & object>) =>
    fx.pms.reservations.set(externalId, { ...fx.pms.reservations.get(externalId)!, ...changes });
  return { listingId, externalId, hotelChanges };
}

describe('POST /api/mews/webhook: who may call it', () => {
  it('refuses a missing, wrong or repeated token with 401 and queues nothing', async () => {
    const { externalId } = await listedStay();
    const before = await hotelChangeJobs();
    for (const query of [
      '',
      '?Token=',
      '?Token=wrong',
      `?token=${token()}`,
      `?Token=${token()}x`,
      `?Token=a&Token=${token()}`,
    ]) {
      const reply = await notify(envelope(externalId), query);
      expect(reply.status, query).toBe(401);
      expect(reply.body).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    }
    expect(await hotelChangeJobs()).toEqual(before);
  });

  it('answers 400 in the API error shape for an envelope that is not Mews’, changing nothing', async () => {
    const before = await hotelChangeJobs();
    for (const body of [{}, { Events: 'x' }, { Events: [{ Value: { Id: 'R' } }] }, [1, 2]]) {
      const reply = await notify(body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    }
    expect(await hotelChangeJobs()).toEqual(before);
  });

  it('accepts other events and reservations Restay does not know with 202, queueing nothing', async () => {
    const before = await hotelChangeJobs();
    const reply = await notify({
      ...envelope('4d0201db-36f5-428b-8d11-4f0a65e960cc'),
      Events: [
        { Discriminator: 'ServiceOrderUpdated', Value: { Id: '4d0201db-36f5-428b-8d11-4f0a65e960cc' } },
        { Discriminator: 'CustomerUpdated', Value: { Id: 'c1' } },
        { Discriminator: 'ResourceUpdated', Value: { Id: 'r1' } },
      ],
    });
    expect(reply.status).toBe(202);
    expect(reply.body).toEqual({ success: true, data: { received: 3, queued: 0 } });
    expect(await hotelChangeJobs()).toEqual(before);
  });
});

describe('POST /api/mews/webhook: feeding the hotel directory', () => {
  const learnJobs = () =>
    db().selectFrom('jobs').select(['state', 'payload']).where('kind', '=', 'handover.learn_reservations').execute();

  it('reads the reservations it names from their connected hotel, once per notice however often it is delivered', async () => {
    const enterpriseId = randomUUID();
    await connectHotel(db(), { enterpriseId });
    const hotel = await db()
      .selectFrom('hotels')
      .select('token_key')
      .where('enterprise_id', '=', enterpriseId)
      .executeTakeFirstOrThrow();
    const before = (await learnJobs()).length;
    const notice = { ...envelope('b-2', 'a-1', 'b-2'), EnterpriseId: enterpriseId };
    expect((await notify(notice)).status).toBe(202);
    expect((await notify(notice)).status).toBe(202);
    expect(await learnJobs()).toHaveLength(before + 1);

    await runPaymentJobs(fx.deps);
    expect(fx.pms.learned.at(-1)).toEqual({ hotelKey: hotel.token_key, reservationIds: ['a-1', 'b-2'] });
  });

  it('learns nothing for a hotel that has not connected', async () => {
    const learned = fx.pms.learned.length;
    await notify({ ...envelope('c-3'), EnterpriseId: randomUUID() });
    await runPaymentJobs(fx.deps);
    expect(fx.pms.learned).toHaveLength(learned);
  });
});

describe('a hotel change to a listed reservation', () => {
  it('withdraws the listing once the re-read shows it cancelled; a redelivery queues no second re-read', async () => {
    const stay = await listedStay();
    stay.hotelChanges({ state: 'cancelled' });
    const first = await notify(envelope(stay.externalId, stay.externalId));
    expect(first.status).toBe(202);
    expect(first.body.data).toEqual({ received: 2, queued: 1 });
    // Mews delivers again when it did not hear back in time: the re-read already waiting covers it.
    expect((await notify(envelope(stay.externalId))).body.data.queued).toBe(0);
    const queued = (await hotelChangeJobs()).filter((job) => job.payload.reservationId === stay.externalId);
    expect(queued).toHaveLength(1);
    expect(await listingStatus(stay.listingId)).toBe('active');

    await runPaymentJobs(fx.deps);
    expect(await listingStatus(stay.listingId)).toBe('withdrawn');
    // Once that re-read ran, a later notice is a new change and is read again (changing nothing more).
    expect((await notify(envelope(stay.externalId))).body.data.queued).toBe(1);
    await runPaymentJobs(fx.deps);
    expect(await listingStatus(stay.listingId)).toBe('withdrawn');
    const jobs = (await hotelChangeJobs()).filter((job) => job.payload.reservationId === stay.externalId);
    expect(jobs.map((job) => job.state)).toEqual(['done', 'done']);
  });

  it('withdraws a paused listing whose dates changed, and one whose guest changed', async () => {
    const moved = await listedStay();
    await db().updateTable('listings').set({ status: 'inactive' }).where('id', '=', moved.listingId).execute();
    const atHotel = fx.pms.reservations.get(moved.externalId)!;
    moved.hotelChanges({ endUtc: new Date(atHotel.endUtc.getTime() + 86_400_000) });
    const otherGuest = await listedStay();
    otherGuest.hotelChanges({ guest: { ...atHotel.guest, email: 'someone.else@example.com' } });
    const untouched = await listedStay();

    await notify(envelope(moved.externalId, otherGuest.externalId, untouched.externalId));
    await runPaymentJobs(fx.deps);
    expect(await listingStatus(moved.listingId)).toBe('withdrawn');
    expect(await listingStatus(otherGuest.listingId)).toBe('withdrawn');
    expect(await listingStatus(untouched.listingId)).toBe('active');
  });

  it('tells the seller why, by email and on My Listings, when the hotel’s change withdrew their listing', async () => {
    const cancelled = await listedStay();
    cancelled.hotelChanges({ state: 'cancelled' });
    const moved = await listedStay();
    const atHotel = fx.pms.reservations.get(moved.externalId)!;
    moved.hotelChanges({ startUtc: new Date(atHotel.startUtc.getTime() + 86_400_000) });
    const before = fx.mailer.sent.length;
    await notify(envelope(cancelled.externalId, moved.externalId));
    await runPaymentJobs(fx.deps);

    const mail = fx.mailer.sent.slice(before).filter((message) => message.to === SELLER_EMAIL);
    expect(mail.map((message) => message.subject)).toEqual([
      'Your listing at Hotel Test was withdrawn',
      'Your listing at Hotel Test was withdrawn',
    ]);
    expect(mail.map((message) => message.text).join('\n')).toContain(
      'Why: The hotel cancelled this reservation, so we withdrew your listing.',
    );
    expect(mail.map((message) => message.text).join('\n')).toContain(
      "Why: The hotel changed this reservation's dates, so it can no longer be sold as listed and we withdrew it.",
    );

    const mine = await fx.server.request(`/api/listings/user/${seller.id}`, { headers: seller.auth });
    const why = (id: string) =>
      (mine.body.data as { id: string; withdrawnByHotel: string | null }[]).find((row) => row.id === id)
        ?.withdrawnByHotel;
    expect(why(cancelled.listingId)).toBe('The hotel cancelled this reservation, so we withdrew your listing.');
    expect(why(moved.listingId)).toMatch(/^The hotel changed this reservation's dates/);
    // A seller's own withdrawal says nothing about the hotel.
    const own = await fx.listStay(seller.id);
    await fx.server.request(`/api/listings/${own}`, { method: 'DELETE', headers: seller.auth });
    const after = await fx.server.request(`/api/listings/user/${seller.id}`, { headers: seller.auth });
    expect(
      (after.body.data as { id: string; status: string; withdrawnByHotel: string | null }[]).find(
        (row) => row.id === own,
      ),
    ).toMatchObject({
      status: 'withdrawn',
      withdrawnByHotel: null,
    });
  });

  it('ends a hold on the listing at the payment provider first, then withdraws it', async () => {
    const buyer = await fx.user();
    const stay = await listedStay();
    const { status, body } = await fx.postJson(
      '/api/payment/create-checkout-session',
      checkoutBody(stay.listingId),
      buyer.auth,
    );
    expect(status, JSON.stringify(body)).toBe(200);
    expect(await listingStatus(stay.listingId)).toBe('reserved');

    stay.hotelChanges({ state: 'cancelled' });
    await notify(envelope(stay.externalId));
    await runPaymentJobs(fx.deps);
    expect(fx.payments.sessions.get(body.data.sessionId)?.status).toBe('expired');
    expect((await order(body.data.orderId)).state).toBe('cancelled');
    expect(await listingStatus(stay.listingId)).toBe('withdrawn');
  });

  it('keeps the job for later when the hotel’s system does not answer the re-read', async () => {
    const stay = await listedStay();
    stay.hotelChanges({ state: 'cancelled' });
    await notify(envelope(stay.externalId));
    const findByExternalId = fx.pms.findByExternalId;
    fx.pms.findByExternalId = async () => {
      throw new Error('the hotel system timed out');
    };
    try {
      await runPaymentJobs(fx.deps);
    } finally {
      fx.pms.findByExternalId = findByExternalId;
    }
    expect(await listingStatus(stay.listingId)).toBe('active');
    const [job] = (await hotelChangeJobs()).filter((j) => j.payload.reservationId === stay.externalId);
    expect(job?.state).toBe('pending');
    fx.clock.advance(60_000);
    await runPaymentJobs(fx.deps);
    expect(await listingStatus(stay.listingId)).toBe('withdrawn');
  });
});

describe('a hotel change to a sold reservation', () => {
  async function soldStay() {
    const stay = await listedStay();
    const buyer = await fx.user();
    const { body } = await fx.postJson(
      '/api/payment/create-checkout-session',
      checkoutBody(stay.listingId),
      buyer.auth,
    );
    expect((await fx.deliver(fx.payments.pay(body.data.sessionId))).status).toBe(200);
    return { ...stay, buyer, orderId: body.data.orderId as string };
  }

  it('refunds a sale under way in full, "cancelled by the hotel", and withdraws the listing', async () => {
    const sale = await soldStay();
    // The hotel's system is down for the first transfer attempt: the order waits in `transferring`.
    fx.pms.transferFailures.set(sale.externalId, [new PmsTransferError('unavailable', '503')]);
    await runPaymentJobs(fx.deps);
    expect((await order(sale.orderId)).state).toBe('transferring');

    sale.hotelChanges({ state: 'cancelled' });
    await notify(envelope(sale.externalId));
    await runPaymentJobs(fx.deps);
    expect(await order(sale.orderId)).toMatchObject({ state: 'refunded', refund_reason: 'cancelled_by_hotel' });
    expect(await listingStatus(sale.listingId)).toBe('withdrawn');
    expect(fx.payments.refundCalls.filter((call) => call.orderId === sale.orderId)).toHaveLength(1);
    const history = await db()
      .selectFrom('order_events')
      .select('to_state')
      .where('order_id', '=', sale.orderId)
      .orderBy('id')
      .execute();
    expect(history.map((event) => event.to_state)).toEqual([
      'open',
      'paid',
      'transferring',
      'transfer_failed',
      'refund_pending',
      'refunded',
    ]);

    // The transfer's retry comes later and finds nothing left to do; the hotel was never asked to move it.
    fx.clock.advance(60_000);
    await runPaymentJobs(fx.deps);
    expect((await order(sale.orderId)).state).toBe('refunded');
    expect(fx.pms.transfers.filter((t) => t.externalId === sale.externalId)).toEqual([]);
  });

  it('does not mistake its own owner change for the hotel’s while the handover is being recorded', async () => {
    const sale = await soldStay();
    // The hotel already names the buyer (our change went through) and notifies about it.
    sale.hotelChanges({
      guest: { email: sale.buyer.email.toUpperCase(), isOtaRelay: false, firstName: 'Erika', lastName: 'Mustermann' },
    });
    await notify(envelope(sale.externalId));
    await runPaymentJobs(fx.deps);
    expect((await order(sale.orderId)).state).toBe('transferred');
  });

  it('under check-in release, refunds a transferred stay the hotel cancels before check-in and never pays its seller', async () => {
    const atCheckIn = { ...fx.deps, payouts: { feePercent: 10, release: 'check_in' as const } };
    const sale = await soldStay();
    await runPaymentJobs(atCheckIn);
    expect((await order(sale.orderId)).state).toBe('transferred');
    const payoutState = async () =>
      (await db().selectFrom('payouts').select('state').where('order_id', '=', sale.orderId).executeTakeFirst())?.state;
    expect(await payoutState()).toBe('scheduled');

    // Mews says the hotel did it: it cannot provide the stay.
    sale.hotelChanges({ state: 'cancelled', cancellationReason: 'ServiceNotAvailable' });
    await notify(envelope(sale.externalId));
    await runPaymentJobs(atCheckIn);
    expect(await order(sale.orderId)).toMatchObject({ state: 'refunded', refund_reason: 'cancelled_by_hotel' });
    expect(fx.payments.refundCalls.filter((call) => call.orderId === sale.orderId)).toHaveLength(1);
    expect(await payoutState()).toBe('cancelled');
    await fx.passCheckIn(sale.listingId);
    await runPaymentJobs(atCheckIn);
    expect(await payoutState()).toBe('cancelled');
    expect(fx.payments.transferCalls.filter((call) => call.orderId === sale.orderId)).toEqual([]);
  });

  it('under check-in release, parks for an operator a transferred stay its buyer cancelled: no refund, payout kept', async () => {
    const atCheckIn = { ...fx.deps, payouts: { feePercent: 10, release: 'check_in' as const } };
    const sale = await soldStay();
    await runPaymentJobs(atCheckIn);
    expect((await order(sale.orderId)).state).toBe('transferred');
    for (const cancellationReason of ['RequestedByGuest', null]) {
      sale.hotelChanges({ state: 'cancelled', cancellationReason });
      await notify(envelope(sale.externalId));
      await runPaymentJobs(atCheckIn);
    }
    expect((await order(sale.orderId)).state).toBe('transferred');
    expect(fx.payments.refundCalls.filter((call) => call.orderId === sale.orderId)).toEqual([]);
    const payout = await db()
      .selectFrom('payouts')
      .select('state')
      .where('order_id', '=', sale.orderId)
      .executeTakeFirst();
    expect(payout?.state).toBe('scheduled');
    // Parked once, however often the hotel's notice is read, and listed for an operator.
    const parked = await db()
      .selectFrom('order_events')
      .select('reason')
      .where('order_id', '=', sale.orderId)
      .where('reason', 'like', `${PARKED_REASON}%`)
      .execute();
    expect(parked).toEqual([{ reason: `${PARKED_REASON} (RequestedByGuest)` }]);
    const listed = await runOrdersCommand(['parked'], { db: db(), clock: fx.clock });
    expect(listed).toHaveLength(1);
    expect(listed[0]).toContain(sale.orderId);
  });

  it('changes nothing for a transferred stay the hotel later cancels: it is the buyer’s (an operator may refund)', async () => {
    const sale = await soldStay();
    await runPaymentJobs(fx.deps);
    expect((await order(sale.orderId)).state).toBe('transferred');
    sale.hotelChanges({ state: 'cancelled' });
    await notify(envelope(sale.externalId));
    await runPaymentJobs(fx.deps);
    expect((await order(sale.orderId)).state).toBe('transferred');
    expect(await listingStatus(sale.listingId)).toBe('sold');
    expect(fx.payments.refundCalls.filter((call) => call.orderId === sale.orderId)).toEqual([]);
  });
});
