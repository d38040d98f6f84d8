import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertListing } from '../helpers/factories.ts';
import { signedInClient, TEST_PUBLIC_URL } from '../helpers/supabase-client.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/** A stand-in for a Supabase project: only its JWKS endpoint, served over local HTTP. */
let jwksServer: Server;
let supabaseUrl: string;
let projectKey: CryptoKey;
let strangerKey: CryptoKey;
const KID = 'project-key-1';
/** Authorization headers whose sessions the fake Auth server says are signed out. */
const signedOutTokens = new Set<string>();

beforeAll(async () => {
  const pair = await generateKeyPair('ES256');
  projectKey = pair.privateKey;
  strangerKey = (await generateKeyPair('ES256')).privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: KID, alg: 'ES256', use: 'sig' };
  jwksServer = createServer((req, res) => {
    // GoTrue's /user: the API asks it whether a token's session is still signed in.
    if (req.url === '/auth/v1/user') {
      const signedOut = signedOutTokens.has(req.headers.authorization ?? '');
      const body = signedOut
        ? { code: 'session_not_found', message: 'Session from session_id claim in JWT does not exist' }
        : { id: 'user' };
      return res.writeHead(signedOut ? 403 : 200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    }
    if (req.url !== '/auth/v1/.well-known/jwks.json') return res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
  supabaseUrl = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => jwksServer.close(resolve)));

function projectToken(
  sub: string,
  overrides: { key?: CryptoKey | Uint8Array; alg?: string; iss?: string; exp?: number } = {},
) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ role: 'authenticated', email: 'seller@example.com', session_id: randomUUID() })
    .setProtectedHeader({ alg: overrides.alg ?? 'ES256', kid: KID })
    .setIssuer(overrides.iss ?? `${supabaseUrl}/auth/v1`)
    .setAudience('authenticated')
    .setSubject(sub)
    .setIssuedAt(now - 10)
    .setExpirationTime(overrides.exp ?? now + 3600)
    .sign(overrides.key ?? projectKey);
}

describe('requireUser with a Supabase project (JWKS)', () => {
  let server: TestServer;
  const sellerId = randomUUID();
  const otherId = randomUUID();
  let newer: string;
  let older: string;

  beforeAll(async () => {
    server = await startTestServer({ env: { SUPABASE_URL: supabaseUrl, SUPABASE_ANON_KEY: 'anon-key' } });
    const { db } = server.database;
    await db
      .insertInto('profiles')
      .values([{ id: sellerId, first_name: 'Sam' }, { id: otherId }])
      .execute();
    older = await insertListing(db, sellerId, {
      status: 'sold',
      buyer_id: otherId,
      created_at: new Date(Date.now() - 60_000),
    });
    newer = await insertListing(db, sellerId, { status: 'inactive' });
    await insertListing(db, otherId);
  });
  afterAll(() => server.close());

  const listingsOf = (userId: string, authorization?: string) =>
    server.request(`/api/listings/user/${userId}`, { headers: authorization ? { Authorization: authorization } : {} });

  it("returns the user's own listings in every status, newest first", async () => {
    const { status, body } = await listingsOf(sellerId, `Bearer ${await projectToken(sellerId)}`);
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.data.map((listing: { id: string }) => listing.id)).toEqual([newer, older]);
    expect(body.data[0]).toMatchObject({ user_id: sellerId, status: 'inactive', first_name: 'Sam' });
  });

  it('refuses a valid token whose session the Auth server says is signed out', async () => {
    const authorization = `Bearer ${await projectToken(sellerId)}`;
    signedOutTokens.add(authorization);
    expect(await listingsOf(sellerId, authorization)).toMatchObject({ status: 401, body: { code: 'UNAUTHENTICATED' } });
  });

  it("answers 403 FORBIDDEN for another user's id", async () => {
    const { status, body } = await listingsOf(otherId, `Bearer ${await projectToken(sellerId)}`);
    expect(status).toBe(403);
    expect(body).toMatchObject({ success: false, code: 'FORBIDDEN' });
  });

  it.each([
    ['missing', async () => undefined],
    ['malformed', async () => 'Bearer not-a-jwt'],
    ['not a bearer', async () => 'Basic abc'],
    ['expired', async () => `Bearer ${await projectToken(sellerId, { exp: Math.floor(Date.now() / 1000) - 60 })}`],
    ['wrongly signed', async () => `Bearer ${await projectToken(sellerId, { key: strangerKey })}`],
    [
      'from another issuer',
      async () => `Bearer ${await projectToken(sellerId, { iss: 'https://other.supabase.co/auth/v1' })}`,
    ],
    [
      'HS256 on the JWKS path',
      async () =>
        `Bearer ${await projectToken(sellerId, { alg: 'HS256', key: new TextEncoder().encode('x'.repeat(32)) })}`,
    ],
    [
      'tampered',
      async () => {
        const [header, , signature] = (await projectToken(sellerId)).split('.');
        const payload = Buffer.from(
          JSON.stringify({ sub: otherId, role: 'authenticated', aud: 'authenticated' }),
        ).toString('base64url');
        return `Bearer ${header}.${payload}.${signature}`;
      },
    ],
  ])('answers 401 UNAUTHENTICATED for a %s token', async (_name, authorization) => {
    const { status, body } = await listingsOf(sellerId, await authorization());
    expect(status).toBe(401);
    expect(body).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
  });

  it('mounts nothing of the built-in auth server', async () => {
    expect((await server.request('/auth/v1/authorize?provider=google')).status).toBe(404);
    expect((await server.request('/auth/v1/.well-known/jwks.json')).status).toBe(404);
    expect((await server.request('/rest/v1/profiles')).status).toBe(404);
  });

  it("tells the browser to use the project's URL and anon key", async () => {
    const { body } = await server.request('/api/config');
    expect(body.data).toMatchObject({ supabaseUrl, supabaseAnonKey: 'anon-key' });
  });
});

describe('requireUser with a legacy HS256 project', () => {
  let server: TestServer;
  const secret = 'legacy-jwt-secret-of-at-least-32-chars!';
  const userId = randomUUID();
  beforeAll(async () => {
    server = await startTestServer({
      env: { SUPABASE_URL: supabaseUrl, SUPABASE_ANON_KEY: 'a', SUPABASE_JWT_SECRET: secret },
    });
  });
  afterAll(() => server.close());

  it('accepts HS256 tokens signed with the secret and nothing else', async () => {
    const good = await projectToken(userId, { alg: 'HS256', key: new TextEncoder().encode(secret) });
    expect(
      (await server.request(`/api/listings/user/${userId}`, { headers: { Authorization: `Bearer ${good}` } })).status,
    ).toBe(200);
    const es256 = await projectToken(userId);
    expect(
      (await server.request(`/api/listings/user/${userId}`, { headers: { Authorization: `Bearer ${es256}` } })).status,
    ).toBe(401);
  });
});

describe('requireUser with the built-in auth server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { PUBLIC_URL: TEST_PUBLIC_URL } });
  });
  afterAll(() => server.close());

  it("accepts the built-in server's tokens and refuses a Supabase project's", async () => {
    const { session, user } = await signedInClient(server.url, 'local@example.com');
    const mine = await server.request(`/api/listings/user/${user.id}`, {
      headers: { Authorization: `Bearer ${session.access_token}` },
    });
    expect(mine.status).toBe(200);
    expect(mine.body.data).toEqual([]);
    const foreign = await projectToken(user.id, { iss: `${TEST_PUBLIC_URL}/auth/v1` });
    const refused = await server.request(`/api/listings/user/${user.id}`, {
      headers: { Authorization: `Bearer ${foreign}` },
    });
    expect(refused.status).toBe(401);
  });

  it('serves the built-in server address in /api/config', async () => {
    const { body } = await server.request('/api/config');
    expect(body.data).toMatchObject({ supabaseUrl: TEST_PUBLIC_URL, supabaseAnonKey: 'restay-local-anon-key' });
  });
});
