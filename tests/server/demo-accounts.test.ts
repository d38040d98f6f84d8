import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PROFILES } from '../../server/standins/demo/seed-data.ts';
import { seedDemoData } from '../../server/standins/demo/seed.ts';
import { signedInClient, TEST_PUBLIC_URL } from '../helpers/supabase-client.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    env: { PUBLIC_URL: TEST_PUBLIC_URL },
    authRateLimits: { token: 1000, signIn: 1000 },
  });
  await seedDemoData(server.database.db);
});
afterAll(() => server.close());

/** What My Listings asks for, as the person signed in through the development sign-in page. */
async function myListingsAs(email: string) {
  const { session, user } = await signedInClient(server.url, email);
  const reply = await server.request(`/api/listings/user/${user.id}`, {
    headers: { Authorization: `Bearer ${session.access_token}` },
  });
  expect(reply.status).toBe(200);
  return { user, listings: reply.body.data as { id: string; user_id: string }[] };
}

/** The seeded listings of the reservations whose guest email is `email`. */
async function seededListingsOf(email: string) {
  return server.database.db
    .selectFrom('listings')
    .innerJoin('reservations', 'reservations.id', 'listings.reservation_id')
    .where('reservations.guest_email', '=', email)
    .select('listings.id')
    .execute();
}

describe('demo accounts', () => {
  it("signing in as a seeded reservation's guest email shows that reservation's listing in My Listings", async () => {
    const email = DEMO_PROFILES[0]!.email;
    const seeded = await seededListingsOf(email);
    expect(seeded.length).toBeGreaterThan(0);

    const { user, listings } = await myListingsAs(email);

    expect(user.id).toBe(DEMO_PROFILES[0]!.id);
    expect(listings.map((l) => l.id).sort()).toEqual(seeded.map((l) => l.id).sort());
  });

  it('every demo reservation guest email is such an account', async () => {
    const emails = await server.database.db.selectFrom('reservations').select('guest_email').distinct().execute();
    const accounts = await server.database.db.selectFrom('auth_users').select(['id', 'email']).execute();
    const profiles = await server.database.db.selectFrom('profiles').select(['id', 'email']).execute();
    for (const { guest_email } of emails) {
      const account = accounts.find((a) => a.email === guest_email);
      expect(account, guest_email!).toBeDefined();
      expect(profiles.find((p) => p.email === guest_email)?.id).toBe(account!.id);
    }
  });
});
