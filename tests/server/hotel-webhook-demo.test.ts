import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDemoHotels } from '../helpers/test-hotel.ts';
import { seedDemoData } from '../../server/standins/demo/seed.ts';
import { buyingDeps } from '../../server/payments/deps.ts';
import { runPaymentJobs } from '../../server/buying-jobs.ts';
import { PROJECT_AUTH_ENV, projectToken } from '../helpers/project-tokens.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/**
 * The hotel's change, end to end in the demo, nothing doubled: a reservation cancelled from /dev/pms, the demo
 * PMS's General Webhook to the API's own receiver with the data directory's token, the durable re-read
 * through the Mews adapter against the demo PMS, and the listing and its checkout ended.
 */
let server: TestServer;
const PUBLIC_URL = 'http://localhost:5999';

beforeAll(async () => {
  server = await startTestServer({ env: { ...PROJECT_AUTH_ENV, PUBLIC_URL } });
  await seedDemoData(server.database.db);
  await connectDemoHotels(server.database.db);
});
afterAll(() => server.close());

const db = () => server.database.db;
const runJobs = () =>
  runPaymentJobs(buyingDeps({ ...server, clock: () => new Date(), logger: pino({ level: 'silent' }) }));

/** Seeded active listings with their reservation's confirmation number. */
const activeListings = () =>
  db()
    .selectFrom('listings')
    .innerJoin('reservations', 'reservations.id', 'listings.reservation_id')
    .select(['listings.id', 'reservations.confirmation_number'])
    .where('listings.status', '=', 'active')
    // The two demo reservations whose transfer misbehaves stay out of it.
    .where('reservations.confirmation_number', 'not in', ['RST-100001', 'RST-100002'])
    .orderBy('reservations.confirmation_number')
    .execute();
const listing = async (id: string) => (await server.request(`/api/listings/${id}`)).body.data;
const cancelAtHotel = (number: string) =>
  fetch(`${server.url}/dev/pms/${encodeURIComponent(number)}/cancel`, { method: 'POST', redirect: 'manual' });

describe('a demo reservation cancelled from /dev/pms', () => {
  it('withdraws its listing once the webhook’s re-read ran', async () => {
    const [stay] = await activeListings();
    const reply = await cancelAtHotel(stay!.confirmation_number);
    expect(reply.status).toBe(303);
    // The webhook arrived and queued the re-read before the page came back.
    const queued = await db().selectFrom('jobs').select('state').where('kind', '=', 'handover.hotel_change').execute();
    expect(queued).toEqual([{ state: 'pending' }]);
    expect((await listing(stay!.id)).status).toBe('active');

    await runJobs();
    expect((await listing(stay!.id)).status).toBe('withdrawn');
    const pms = await server.request('/dev/pms.json');
    expect(
      pms.body.data.find((r: { confirmationNumber: string }) => r.confirmationNumber === stay!.confirmation_number),
    ).toMatchObject({ state: 'Canceled' });
  });

  it('ends a buyer’s checkout on it at the test checkout, then withdraws it', async () => {
    const [, stay] = await activeListings();
    const buyerId = randomUUID();
    const headers = {
      Authorization: `Bearer ${await projectToken(buyerId, 'demo.buyer@example.com')}`,
      'Content-Type': 'application/json',
    };
    const checkout = await server.request('/api/payment/create-checkout-session', {
      method: 'POST',
      headers,
      body: JSON.stringify({
        listingId: stay!.id,
        successUrl: `${PUBLIC_URL}/payment/success?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${PUBLIC_URL}/payment/cancel`,
        guestFirstName: 'Bea',
        guestLastName: 'Buyer',
      }),
    });
    expect(checkout.status).toBe(200);
    expect((await listing(stay!.id)).status).toBe('reserved');

    expect((await cancelAtHotel(stay!.confirmation_number)).status).toBe(303);
    await runJobs();
    expect((await listing(stay!.id)).status).toBe('withdrawn');
    const order = await db()
      .selectFrom('orders')
      .select('state')
      .where('id', '=', checkout.body.data.orderId)
      .executeTakeFirstOrThrow();
    // Expiring the session at the test checkout sends its `checkout.session.expired` event, as Stripe does, and
    // that event may end the hold first: either way the hold is over and nothing was charged.
    expect(['cancelled', 'expired']).toContain(order.state);
    // The test checkout no longer takes a payment for it.
    const paid = await fetch(`${server.url}/test-checkout/${checkout.body.data.sessionId}/pay`, {
      method: 'POST',
      body: new URLSearchParams({ number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Bea Buyer' }),
      redirect: 'manual',
    });
    expect(paid.status).not.toBe(303);
  });
});
