import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { buyingDeps } from '../../server/payments/deps.ts';
import { runPaymentJobs } from '../../server/buying-jobs.ts';
import { pmsReservation } from '../helpers/pms-double.ts';
import {
  manualClock,
  post,
  signedInUser,
  startSellingServer,
  verifyReservation,
  type SellingServer,
} from '../helpers/selling.ts';

let server: SellingServer;
const time = manualClock(new Date('2031-03-01T12:00:00Z'));
const HOUR = 60 * 60_000;

beforeAll(async () => {
  server = await startSellingServer(time.clock);
});
afterAll(() => server.close());
beforeEach(async () => {
  await server.database.db.deleteFrom('rate_limits').execute();
});

const guestEmail = () => `guest-${Math.random().toString(36).slice(2)}@example.com`;
const newReservation = (overrides: Parameters<typeof pmsReservation>[0] = {}) =>
  server.pms.add(pmsReservation({ now: time.clock(), email: guestEmail(), ...overrides }));
const askForCode = (user: Awaited<ReturnType<typeof signedInUser>>, reservation: ReturnType<typeof newReservation>) =>
  post(server, '/api/reservations/verify-combined', user, {
    confirmationNumber: reservation.confirmationNumber,
    email: reservation.guest.email,
  });
const mailsTo = async (to: string) =>
  (await server.database.db.selectFrom('mail_outbox').select('id').where('to_address', '=', to).execute()).length;

describe('the price paid must be known', () => {
  it('refuses to send a code for a reservation whose price paid the hotel system cannot tell (409 price_unknown)', async () => {
    const reservation = newReservation({ amountPaidCents: null });
    const reply = await askForCode(await signedInUser(), reservation);
    expect(reply.status).toBe(409);
    expect(reply.body).toMatchObject({ success: false, code: 'CONFLICT', details: { reason: 'price_unknown' } });
    expect(reply.body.error).toMatch(/does not say what was paid/);
    expect(await mailsTo(reservation.guest.email!)).toBe(0);
  });

  it('refuses to list when the price paid became unknown after verification', async () => {
    const user = await signedInUser();
    const reservation = newReservation();
    await verifyReservation(server, user, reservation);
    server.pms.update(reservation.confirmationNumber, { amountPaidCents: null });
    const reply = await post(server, '/api/listings', user, {
      mewsReservationId: reservation.externalId,
      listingPrice: 100,
      title: 'Room',
    });
    expect(reply.status).toBe(409);
    expect(reply.body.details).toEqual({ reason: 'price_unknown' });
    expect(await server.database.db.selectFrom('listings').select('id').where('title', '=', 'Room').execute()).toEqual(
      [],
    );
  });
});

describe("the hotel's facts come from the hotel", () => {
  it('ignores a hotel name, city, country, position, dates and currency sent with the listing', async () => {
    const user = await signedInUser();
    const reservation = newReservation();
    await verifyReservation(server, user, reservation);
    const reply = await post(server, '/api/listings', user, {
      mewsReservationId: reservation.externalId,
      listingPrice: 120,
      title: 'Quiet double',
      location: 'Baixa',
      hotelName: 'The Ritz',
      city: 'Paris',
      country: 'France',
      latitude: 48.85,
      currency: 'USD',
      start_utc: '2030-01-01T00:00:00Z',
    });
    expect(reply.status).toBe(201);
    const { body } = await server.request(`/api/listings/${reply.body.data.id}`);
    expect(body.data).toMatchObject({
      hotel_name: 'Hotel Tejo',
      city: 'Lisbon',
      country: 'Portugal',
      location: 'Baixa',
      latitude: 38.7107,
      currency: 'EUR',
      start_utc: reservation.startUtc.toISOString(),
    });
  });

  it("shows the hotel's own name in search, on the stay, on the hosted checkout and in the receipt", async () => {
    const seller = await signedInUser();
    const reservation = newReservation();
    await verifyReservation(server, seller, reservation);
    const listed = await post(server, '/api/listings', seller, {
      mewsReservationId: reservation.externalId,
      listingPrice: 45,
      title: 'Cheap single room',
      hotelName: 'The Ritz',
      hotel_name: 'The Ritz',
    });
    expect(listed.status).toBe(201);
    const listingId: string = listed.body.data.id;

    const found = await server.request('/api/listings?location=Lisbon&pageSize=100');
    expect(found.body.data.find((stay: { id: string }) => stay.id === listingId).hotel_name).toBe('Hotel Tejo');
    expect((await server.request(`/api/listings/${listingId}`)).body.data.hotel_name).toBe('Hotel Tejo');

    const buyer = await signedInUser();
    const checkout = await post(server, '/api/payment/create-checkout-session', buyer, {
      listingId,
      guestFirstName: 'Erika',
      guestLastName: 'Mustermann',
      successUrl: `${server.config.publicUrl}/payment/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${server.config.publicUrl}/payment/cancel`,
    });
    expect(checkout.status).toBe(200);
    const sessionId: string = checkout.body.data.sessionId;
    const session = await server.database.db
      .selectFrom('stripe_standin_sessions')
      .select('line_items')
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect(session.line_items[0]?.description).toContain('Hotel Tejo');

    const paid = await server.request(`/test-checkout/${sessionId}/pay`, {
      method: 'POST',
      body: new URLSearchParams({ number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Erika' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    const status = await server.request(`/api/payment/session-status/${sessionId}`, { headers: buyer.headers });
    expect(status.body.data.orderState).toBe('paid');
    const logger = pino({ level: 'silent' });
    await runPaymentJobs(buyingDeps({ ...server, adapters: server.adapters, clock: time.clock, logger }));
    const receipt = await server.database.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body'])
      .where('to_address', '=', buyer.email)
      .execute();
    expect(receipt.map((mail) => mail.subject).join(' ')).toContain('Hotel Tejo');
    expect(receipt.map((mail) => mail.text_body).join(' ')).not.toContain('The Ritz');
  });

  it('refuses a reservation whose hotel system gives no city or country (409 hotel_unknown)', async () => {
    const reservation = newReservation({ hotel: { ...pmsReservation().hotel, city: null } });
    const reply = await askForCode(await signedInUser(), reservation);
    expect(reply.status).toBe(409);
    expect(reply.body.details).toEqual({ reason: 'hotel_unknown' });
  });
});

describe('prices the payment provider can charge', () => {
  async function verified(currency: string, amountPaidCents: number) {
    const user = await signedInUser();
    const reservation = newReservation({ currency, amountPaidCents });
    await verifyReservation(server, user, reservation);
    const list = (listingPrice: number) =>
      post(server, '/api/listings', user, { mewsReservationId: reservation.externalId, listingPrice, title: 'Room' });
    return { user, list };
  }

  it('takes no decimals in a zero-decimal currency (JPY), on listing and on a price change', async () => {
    const { user, list } = await verified('JPY', 3_000_000);
    const decimals = await list(12_000.5);
    expect(decimals.status).toBe(400);
    expect(decimals.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      error: 'Prices in JPY are whole amounts: use no decimals.',
    });
    expect(decimals.body.details).toEqual([
      { field: 'listingPrice', message: 'Prices in JPY are whole amounts: use no decimals.' },
    ]);
    const created = await list(12_000);
    expect(created.status).toBe(201);
    const change = await server.request(`/api/listings/${created.body.data.id}`, {
      method: 'PUT',
      headers: user.headers,
      body: JSON.stringify({ listingPrice: 11_999.99 }),
    });
    expect(change.status).toBe(400);
    expect((await server.request(`/api/listings/${created.body.data.id}`)).body.data.price).toBe(12_000);
  });

  it.each([
    ['JPY', 40, 'The price must be at least 50 JPY, the smallest amount the payment provider can charge.'],
    ['EUR', 0.3, 'The price must be at least 0.50 EUR, the smallest amount the payment provider can charge.'],
    ['GBP', 0.29, 'The price must be at least 0.30 GBP, the smallest amount the payment provider can charge.'],
  ])('refuses a %s price below the minimum charge (%s)', async (currency, price, message) => {
    const { list } = await verified(currency, 1_000_000);
    const reply = await list(price);
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe(message);
  });

  it.each([
    ['ISK', 12_000.5, 'Prices in ISK are whole amounts: use no decimals.'],
    ['HUF', 45_678.5, 'Prices in HUF are whole amounts: use no decimals.'],
    ['JPY', 30_000_000, 'The price can be at most 21474836 JPY.'],
  ])('refuses a %s price of %s when it is listed, not later at Book Now', async (currency, price, message) => {
    const { list } = await verified(currency, 2_000_000_000);
    const reply = await list(price);
    expect(reply.status).toBe(400);
    expect(reply.body.details).toEqual([{ field: 'listingPrice', message }]);
    expect((await list(Math.floor(Math.min(price, 20_000_000)))).status).toBe(201);
  });

  it('takes two decimals in a three-decimal currency (KWD), which the provider charges in tens of fils', async () => {
    const { list } = await verified('KWD', 100_000);
    expect((await list(120.25)).status).toBe(201);
  });
});

describe('codes that cannot be farmed', () => {
  it('sends no new code to a seller who already proved the reservation, from any browser, so they are never locked out', async () => {
    const seller = await signedInUser();
    const reservation = newReservation();
    await verifyReservation(server, seller, reservation);
    const mailed = await mailsTo(reservation.guest.email!);
    for (let i = 0; i < 4; i++) {
      const again = await askForCode(seller, reservation);
      expect(again.status).toBe(200);
      expect(again.body.data).toMatchObject({ sent: true, alreadyProven: true });
    }
    expect(await mailsTo(reservation.guest.email!)).toBe(mailed);
    // Someone else still proves it with a code of their own.
    const other = await askForCode(await signedInUser(), reservation);
    expect(other.body.data).toMatchObject({ alreadyProven: false });
    expect(await mailsTo(reservation.guest.email!)).toBe(mailed + 1);
  });

  it('sends at most 3 codes per reservation per hour, whoever asks, then 429 with when to retry', async () => {
    const reservation = newReservation();
    for (let i = 0; i < 3; i++) expect((await askForCode(await signedInUser(), reservation)).status).toBe(200);
    time.advance(10 * 60_000);
    const refused = await askForCode(await signedInUser(), reservation);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      success: false,
      code: 'RATE_LIMITED',
      details: { retryAfterSeconds: 50 * 60 },
    });
    expect(refused.body.error).toBe(
      'Too many codes have been sent for this reservation. Please try again in 50 minutes.',
    );
    expect(await mailsTo(reservation.guest.email!)).toBe(3);
    time.advance(HOUR - 10 * 60_000 + 1000);
    expect((await askForCode(await signedInUser(), reservation)).status).toBe(200);
  });

  it("counts codes per guest address too, so one guest's inbox cannot be flooded through many reservations", async () => {
    const email = guestEmail();
    for (let i = 0; i < 3; i++)
      expect((await askForCode(await signedInUser(), newReservation({ email }))).status).toBe(200);
    expect((await askForCode(await signedInUser(), newReservation({ email }))).status).toBe(429);
    expect(await mailsTo(email)).toBe(3);
    time.advance(HOUR);
  });

  it("stores codes as HMACs under the server's key: the row's salt alone does not reveal the code", async () => {
    const reservation = newReservation();
    expect((await askForCode(await signedInUser(), reservation)).status).toBe(200);
    const mail = await server.database.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('to_address', '=', reservation.guest.email!)
      .executeTakeFirstOrThrow();
    const code = /code is (\d{6})/.exec(mail.text_body)![1]!;
    const row = await server.database.db
      .selectFrom('reservation_verifications')
      .select(['code_salt', 'code_hash'])
      .where('email', '=', reservation.guest.email!)
      .executeTakeFirstOrThrow();
    expect(row.code_hash).not.toBe(createHmac('sha256', row.code_salt).update(code).digest('hex'));
    expect(row.code_hash).toBe(
      createHmac('sha256', server.config.codeHmacKey).update(`${row.code_salt}:${code}`).digest('hex'),
    );
    time.advance(HOUR);
  });
});

describe('who bought a stay', () => {
  it('is told to the buyer only: the public listing API never reveals buyer_id', async () => {
    const seller = await signedInUser();
    const reservation = newReservation();
    await verifyReservation(server, seller, reservation);
    const created = await post(server, '/api/listings', seller, {
      mewsReservationId: reservation.externalId,
      listingPrice: 100,
      title: 'Sold room',
    });
    const buyer = await signedInUser();
    const { db } = server.database;
    await db.insertInto('profiles').values({ id: buyer.id, email: buyer.email }).execute();
    await db
      .updateTable('listings')
      .set({ status: 'sold', buyer_id: buyer.id })
      .where('id', '=', created.body.data.id)
      .execute();
    const path = `/api/listings/${created.body.data.id}`;
    expect((await server.request(path)).body.data).toMatchObject({ status: 'sold', buyer_id: null });
    expect((await server.request(path, { headers: seller.headers })).body.data.buyer_id).toBeNull();
    expect((await server.request(path, { headers: (await signedInUser()).headers })).body.data.buyer_id).toBeNull();
    expect((await server.request(path, { headers: buyer.headers })).body.data.buyer_id).toBe(buyer.id);
    const mine = await server.request(`/api/listings/user/${seller.id}`, { headers: seller.headers });
    expect(mine.body.data.find((listing: { id: string }) => listing.id === created.body.data.id).buyer_id).toBeNull();
  });
});
