import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHotelBreakers } from '../../server/selling/pms/hotel-breaker.ts';
import { seedDemoData } from '../../server/standins/demo/seed.ts';
import { post, signedInUser } from '../helpers/selling.ts';
import { PROJECT_AUTH_ENV, projectToken } from '../helpers/project-tokens.ts';
import { connectDemoHotels } from '../helpers/test-hotel.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/**
 * One hotel's system answering in 10 s (or never) against the demo PMS, with a short lookup deadline so the
 * test is quick: an import naming that hotel answers within the deadline with a retryable 503 naming it, an
 * import at another hotel at the same moment answers as usual, and after repeated failures the hotel is
 * skipped (answered at once, as unknown, never as gone) until its cool-down ends and one call finds it well.
 */
const DEADLINE_MS = 1_000;
const COOL_DOWN_MS = 1_500;
const PUBLIC_URL = 'http://localhost:5998';
const LISBON_STAY = { confirmationNumber: 'LIS-48213', email: 'ana.silva@example.com' };
const PRAGUE_STAY = { confirmationNumber: 'PRG-30457', email: 'tomas.novak@example.com' };

let server: TestServer;
let lisbon: { id: string; name: string; enterprise_id: string };
let prague: { id: string; name: string; enterprise_id: string };

beforeAll(async () => {
  server = await startTestServer({
    env: {
      ...PROJECT_AUTH_ENV,
      PUBLIC_URL,
      MEWS_LOOKUP_DEADLINE_MS: String(DEADLINE_MS),
      MEWS_BREAKER_FAILURES: '2',
      MEWS_BREAKER_COOLDOWN_MS: String(COOL_DOWN_MS),
    },
  });
  await seedDemoData(server.database.db);
  await connectDemoHotels(server.database.db);
  const hotelNamed = (city: string) =>
    server.database.db
      .selectFrom('hotels')
      .innerJoin('demo_pms_enterprises as e', (join) => join.on(sql`e.id::text`, '=', sql.ref('hotels.enterprise_id')))
      .select(['hotels.id', 'hotels.name', 'hotels.enterprise_id'])
      .where('e.city', '=', city)
      .executeTakeFirstOrThrow() as Promise<{ id: string; name: string; enterprise_id: string }>;
  lisbon = await hotelNamed('Lisbon');
  prague = await hotelNamed('Prague');
});
afterAll(() => server.close());

const slowDown = (enterpriseId: string, delayMs: number) =>
  fetch(`${server.url}/dev/pms/hotels/${enterpriseId}/delay`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ delayMs }),
  });

/** An import (step 1 of proving a reservation), by a fresh seller, timed. */
async function importStay(stay: typeof LISBON_STAY, hotelId: string) {
  const seller = await signedInUser();
  const started = performance.now();
  const reply = await post(server, '/api/reservations/verify-combined', seller, { ...stay, hotelId });
  return { ...reply, ms: performance.now() - started };
}

const checkoutOf = async (listingId: string) =>
  server.request('/api/payment/create-checkout-session', {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${await projectToken(crypto.randomUUID(), 'buyer@example.com')}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({
      listingId,
      successUrl: `${PUBLIC_URL}/payment/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${PUBLIC_URL}/payment/cancel`,
      guestFirstName: 'Bea',
      guestLastName: 'Buyer',
    }),
  });

const notAnswering = () => `${lisbon.name}'s system is not answering; try again in a few minutes`;

describe('a hotel whose system answers in 10 s', () => {
  it('answers an import naming it within the deadline, and one at another hotel as usual meanwhile', async () => {
    expect((await slowDown(lisbon.enterprise_id, 10_000)).status).toBe(200);
    const [slow, usual] = await Promise.all([importStay(LISBON_STAY, lisbon.id), importStay(PRAGUE_STAY, prague.id)]);

    expect(slow.status).toBe(503);
    expect(slow.headers.get('retry-after')).toBeTruthy();
    expect(slow.body).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE', error: notAnswering() });
    expect(slow.ms).toBeGreaterThanOrEqual(DEADLINE_MS - 50);
    expect(slow.ms).toBeLessThan(DEADLINE_MS + 2_000);

    expect(usual.status).toBe(200);
    expect(usual.body.data).toMatchObject({ sent: true });
    // Prague's import did not wait for Lisbon's system.
    expect(usual.ms).toBeLessThan(DEADLINE_MS);
  });

  it('is skipped after repeated failures, then asked again after its cool-down', async () => {
    // The second failure in a row opens the breaker.
    expect((await importStay(LISBON_STAY, lisbon.id)).status).toBe(503);

    const skipped = await importStay(LISBON_STAY, lisbon.id);
    expect(skipped.status).toBe(503);
    expect(skipped.body.error).toBe(notAnswering());
    // Not asked at all: answered long before the deadline.
    expect(skipped.ms).toBeLessThan(DEADLINE_MS / 2);

    // The hotel answers promptly again; after the cool-down one call is let through and finds it well.
    expect((await slowDown(lisbon.enterprise_id, 0)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, COOL_DOWN_MS));
    const again = await importStay(LISBON_STAY, lisbon.id);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ sent: true });
  });

  it('never reads a hotel it cannot ask as "gone": a checkout there answers 502 and the stay stays on sale', async () => {
    const live = await server.database.db
      .selectFrom('listings')
      .innerJoin('reservations', 'reservations.id', 'listings.reservation_id')
      .innerJoin('demo_pms_reservations as r', (join) =>
        join.on(sql`r.id::text`, '=', sql.ref('reservations.external_id')),
      )
      .select(['listings.id', sql<string>`r.enterprise_id::text`.as('enterprise_id')])
      .where('listings.status', '=', 'active')
      .executeTakeFirstOrThrow();
    expect((await slowDown(live.enterprise_id, 10_000)).status).toBe(200);
    try {
      // Two timeouts open the breaker; the third checkout is answered without asking the hotel.
      for (const attempt of [1, 2, 3]) {
        const started = performance.now();
        const checkout = await checkoutOf(live.id);
        expect(checkout.status).toBe(502);
        if (attempt === 3) expect(performance.now() - started).toBeLessThan(DEADLINE_MS / 2);
        const after = await server.database.db
          .selectFrom('listings')
          .select('status')
          .where('id', '=', live.id)
          .executeTakeFirstOrThrow();
        expect(after.status).toBe('active');
      }
    } finally {
      await slowDown(live.enterprise_id, 0);
    }
  });

  it('refuses a delay out of range or for a hotel the demo PMS does not have', async () => {
    expect((await slowDown(lisbon.enterprise_id, -1)).status).toBe(400);
    expect((await slowDown(crypto.randomUUID(), 1_000)).status).toBe(404);
  });
});

describe('the per-hotel breaker', () => {
  it('opens after the failures in a row, lets one trial through after the cool-down, and closes on success', () => {
    let now = 0;
    const breakers = createHotelBreakers({ failures: 3, coolDownMs: 100, now: () => now });
    breakers.failed('a');
    breakers.failed('a');
    breakers.succeeded('a');
    breakers.failed('a');
    breakers.failed('a');
    expect(breakers.allows('a')).toBe(true);
    breakers.failed('a');
    expect(breakers.allows('a')).toBe(false);
    // Another hotel is not affected.
    expect(breakers.allows('b')).toBe(true);

    now = 100;
    expect(breakers.allows('a')).toBe(true);
    // One trial at a time.
    expect(breakers.allows('a')).toBe(false);
    breakers.failed('a');
    expect(breakers.allows('a')).toBe(false);
    now = 200;
    expect(breakers.allows('a')).toBe(true);
    breakers.succeeded('a');
    expect(breakers.allows('a')).toBe(true);
    expect(breakers.allows('a')).toBe(true);
  });
});
