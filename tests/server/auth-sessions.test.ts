import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_TOKEN_REUSE_INTERVAL_MS } from '../../server/auth/store.ts';
import { LOCAL_ANON_KEY } from '../../server/config-sections.ts';
import { testClock } from '../helpers/buying-fixture.ts';
import { signedInClient, TEST_PUBLIC_URL } from '../helpers/supabase-client.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

let server: TestServer;
const clock = testClock();

beforeAll(async () => {
  server = await startTestServer({
    clock,
    env: { PUBLIC_URL: TEST_PUBLIC_URL },
    authRateLimits: { token: 1000, signIn: 1000 },
  });
});
afterAll(() => server.close());

const authHeaders = {
  apikey: LOCAL_ANON_KEY,
  'Content-Type': 'application/json',
  'X-Supabase-Api-Version': '2024-01-01',
};
const refresh = (refreshToken: string) =>
  server.request('/auth/v1/token?grant_type=refresh_token', {
    method: 'POST',
    headers: authHeaders,
    body: JSON.stringify({ refresh_token: refreshToken }),
  });
const ownListings = (user: { id: string }, accessToken: string) =>
  server.request(`/api/listings/user/${user.id}`, { headers: { Authorization: `Bearer ${accessToken}` } });

describe('signing out', () => {
  it('ends the session on the API at once, not when the access token expires', async () => {
    const { client, session, user } = await signedInClient(server.url, 'leaving@example.com');
    expect((await ownListings(user, session.access_token)).status).toBe(200);

    expect((await client.auth.signOut()).error).toBeNull();

    expect(await ownListings(user, session.access_token)).toMatchObject({
      status: 401,
      body: { code: 'UNAUTHENTICATED' },
    });
  });

  it('on another device (scope global) ends this device’s access too', async () => {
    const laptop = await signedInClient(server.url, 'two-devices@example.com');
    const phone = await signedInClient(server.url, 'two-devices@example.com');
    expect((await ownListings(laptop.user, laptop.session.access_token)).status).toBe(200);

    expect((await phone.client.auth.signOut({ scope: 'global' })).error).toBeNull();

    expect((await ownListings(laptop.user, laptop.session.access_token)).status).toBe(401);
  });
});

describe('refresh-token reuse interval', () => {
  it('two tabs refreshing with the same token at once both stay signed in', async () => {
    const { session, user } = await signedInClient(server.url, 'two-tabs@example.com');
    const [first, second] = await Promise.all([refresh(session.refresh_token), refresh(session.refresh_token)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    for (const tab of [first, second]) {
      expect((await ownListings(user, tab.body.access_token)).status).toBe(200);
      expect((await refresh(tab.body.refresh_token)).status).toBe(200);
    }
  });

  it('a token presented again just inside the interval still works; just after it, it revokes the whole session', async () => {
    const { session, user } = await signedInClient(server.url, 'stolen@example.com');
    const rotated = await refresh(session.refresh_token);
    clock.advance(REFRESH_TOKEN_REUSE_INTERVAL_MS);
    const late = await refresh(session.refresh_token);
    expect(late.status).toBe(200);

    clock.advance(1);
    const stolen = await refresh(session.refresh_token);
    expect(stolen).toMatchObject({ status: 400, body: { code: 'refresh_token_already_used' } });
    // The family is gone: the rightful holder's newest tokens no longer work either.
    expect((await refresh(rotated.body.refresh_token)).body.code).toBe('refresh_token_not_found');
    expect((await ownListings(user, late.body.access_token)).status).toBe(401);
  });
});
