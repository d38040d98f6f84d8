import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { connectDemoHotels } from '../helpers/test-hotel.ts';
import { seedDemoData } from '../../server/standins/demo/seed.ts';
import { buyingDeps } from '../../server/payments/deps.ts';
import { runPaymentWork } from '../../server/buying-jobs.ts';
import { PROJECT_AUTH_ENV, projectToken } from '../helpers/project-tokens.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/**
 * The whole sale through the product's own clients and stand-ins, nothing doubled: the Mews adapter against
 * the demo PMS, the `stripe` client against the built-in checkout, its signed webhook back to the API.
 */
let server: TestServer;
const PUBLIC_URL = 'http://localhost:5999';

beforeAll(async () => {
  server = await startTestServer({ env: { ...PROJECT_AUTH_ENV, PUBLIC_URL } });
  await seedDemoData(server.database.db);
  await connectDemoHotels(server.database.db);
});
afterAll(() => server.close());

async function user(email: string) {
  const id = randomUUID();
  const headers = { Authorization: `Bearer ${await projectToken(id, email)}`, 'Content-Type': 'application/json' };
  return { id, email, headers };
}

const post = (path: string, headers: Record<string, string>, body: unknown) =>
  server.request(path, { method: 'POST', headers, body: JSON.stringify(body) });

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a stay sold through the demo PMS and the test checkout', () => {
  it('imports, verifies and lists a demo reservation, then a buyer pays and the sale is recorded from the webhook', async () => {
    const pmsList = await server.request('/dev/pms.json');
    const stay = pmsList.body.data.find(
      (r: { state: string; email: string; amountPaid: number | null }) =>
        r.state === 'Confirmed' && r.email.endsWith('@example.com') && r.amountPaid,
    );
    expect(stay).toBeDefined();

    const seller = await user(stay.email);
    const sent = await post('/api/reservations/verify-combined', seller.headers, {
      confirmationNumber: stay.confirmationNumber,
      email: stay.email.toUpperCase(),
    });
    expect(sent.status).toBe(200);
    const mail = await server.database.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('to_address', '=', stay.email)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    const code = /\b(\d{6})\b/.exec(mail.text_body)?.[1];
    const verified = await post('/api/reservations/verify-code', seller.headers, { email: stay.email, code });
    expect(verified.body.data).toEqual({ verified: true, reservationId: stay.confirmationNumber });

    const found = await post('/api/reservations/find', seller.headers, { reservationId: stay.confirmationNumber });
    expect(found.status).toBe(200);
    const { reservationDetails, pricing, imageOptions, propertyInfo } = found.body.data;
    const hotelName: string = propertyInfo.Name;
    // A cheap room, sent with another hotel's name and place: the hotel's own facts win everywhere.
    const price = Math.min(pricing.maxPrice, 60);
    const created = await post('/api/listings', seller.headers, {
      mewsReservationId: reservationDetails.Id,
      listingPrice: price,
      title: 'Double room, two nights',
      imageUrl: imageOptions[0],
      hotelName: 'The Ritz Paris',
      city: 'Paris',
      country: 'France',
    });
    expect(created.status).toBe(201);
    const listingId = created.body.data.id;
    const page = await server.request(`/api/listings/${listingId}`);
    expect(page.body.data.hotel_name).toBe(hotelName);
    const found_ = await server.request(`/api/listings?hotelName=${encodeURIComponent(hotelName)}`);
    expect(found_.body.data.find((l: { id: string }) => l.id === listingId)?.hotel_name).toBe(hotelName);
    const ritz = await server.request('/api/listings?hotelName=Ritz');
    expect(ritz.body.data.map((l: { id: string }) => l.id)).not.toContain(listingId);

    const buyer = await user('buyer@example.com');
    const checkout = await post('/api/payment/create-checkout-session', buyer.headers, {
      listingId,
      amount: price,
      successUrl: `${PUBLIC_URL}/payment/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${PUBLIC_URL}/payment/cancel`,
      guestFirstName: 'Bea',
      guestLastName: 'Buyer',
    });
    expect(checkout.status).toBe(200);
    const { sessionId, url } = checkout.body.data;
    expect(url).toBe(`${PUBLIC_URL}/test-checkout/${sessionId}`);

    const pay = (number: string) =>
      fetch(`${server.url}/test-checkout/${sessionId}/pay`, {
        method: 'POST',
        body: new URLSearchParams({ number, expiry: '12 / 34', cvc: '123', name: 'Ben Buyer' }),
        redirect: 'manual',
      });
    const checkoutPage = await (await fetch(`${server.url}/test-checkout/${sessionId}`)).text();
    expect(checkoutPage).toContain(hotelName);
    expect(checkoutPage).not.toContain('Ritz');
    const declined = await pay('4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    expect((await server.request(`/api/listings/${listingId}`)).body.data.status).toBe('reserved');

    const paid = await pay('4242 4242 4242 4242');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${PUBLIC_URL}/payment/success?session_id=${sessionId}`);

    const listing = await eventually(
      async () => (await server.request(`/api/listings/${listingId}`)).body.data,
      (data) => data.status === 'sold',
    );
    // Who bought it is told to the buyer only.
    expect(listing).toMatchObject({ status: 'sold', buyer_id: null });
    const asBuyer = await server.request(`/api/listings/${listingId}`, { headers: buyer.headers });
    expect(asBuyer.body.data).toMatchObject({ status: 'sold', buyer_id: buyer.id });
    const status = await server.request(`/api/payment/session-status/${sessionId}`, { headers: buyer.headers });
    expect(status.body.data).toMatchObject({
      status: 'paid',
      orderState: 'paid',
      session: { metadata: { buyerId: buyer.id } },
    });
    // The receipt is a payment job; the product's background loop is not running here, so run it once.
    await runPaymentWork(buyingDeps({ ...server, clock: () => new Date(), logger: pino({ level: 'silent' }) }));
    const receipt = await eventually(
      () =>
        server.database.db
          .selectFrom('mail_outbox')
          .select(['subject', 'text_body'])
          .where('to_address', '=', buyer.email)
          .executeTakeFirst(),
      (mail) => mail !== undefined,
    );
    expect(receipt?.subject).toBe(`Your stay at ${hotelName} is booked`);
    expect(receipt?.text_body).not.toContain('Ritz');
    const stays = await server.request(`/api/listings/purchased/${buyer.id}`, { headers: buyer.headers });
    expect(stays.body.data.map((s: { id: string }) => s.id)).toEqual([listingId]);
  });
});
