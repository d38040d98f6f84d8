import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_TOKEN_REUSE_INTERVAL_MS } from '../../server/auth/store.ts';
import { LOCAL_ANON_KEY } from '../../server/config-sections.ts';
import { sha256 } from '../../server/crypto/sha256.ts';
import { signedInClient, signInThroughDevPage, supabaseFor, TEST_PUBLIC_URL } from '../helpers/supabase-client.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
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

function postToken(grant: string, body: object) {
  return server.request(`/auth/v1/token?grant_type=${grant}`, {
    method: 'POST',
    headers: authHeaders,
    body: JSON.stringify(body),
  });
}

describe('PKCE sign-in through the development page', () => {
  it('redirects to redirect_to with a code that supabase-js exchanges for a session', async () => {
    const { session, user, client } = await signedInClient(server.url, 'Ana@Example.com');
    expect(user.email).toBe('ana@example.com');
    expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(session.refresh_token).toBeTruthy();
    const { data } = await client.auth.getUser();
    expect(data.user?.id).toBe(user.id);
    expect(data.user?.identities?.[0]?.provider).toBe('google');
    // getClaims verifies the ES256 signature against the served JWKS.
    const claims = await client.auth.getClaims();
    expect(claims.error).toBeNull();
    expect(claims.data?.claims.sub).toBe(user.id);
  });

  it('keeps the same user id on a second sign-in', async () => {
    const first = await signedInClient(server.url, 'same@example.com');
    const second = await signedInClient(server.url, 'same@example.com');
    expect(second.user.id).toBe(first.user.id);
  });

  it('refuses a code used twice, and a wrong verifier', async () => {
    const { client, storage } = supabaseFor(server.url);
    const landing = await signInThroughDevPage(client, 'reuse@example.com');
    const code = landing.searchParams.get('code') ?? '';
    const verifierKey = [...storage.items.keys()].find((key) => key.endsWith('-code-verifier')) ?? '';
    const verifier = JSON.parse(storage.items.get(verifierKey) ?? '""') as string;
    const wrong = await postToken('pkce', { auth_code: code, code_verifier: 'x'.repeat(64) });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ code: 'bad_code_verifier', message: expect.any(String) });
    expect(wrong.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    // The failed attempt spent the code: the right verifier is now too late.
    const again = await postToken('pkce', { auth_code: code, code_verifier: verifier });
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('flow_state_not_found');
  });

  it('a successful exchange cannot be repeated', async () => {
    const { client, storage } = supabaseFor(server.url);
    const landing = await signInThroughDevPage(client, 'once@example.com');
    const code = landing.searchParams.get('code') ?? '';
    const verifierKey = [...storage.items.keys()].find((key) => key.endsWith('-code-verifier')) ?? '';
    const verifier = JSON.parse(storage.items.get(verifierKey) ?? '""') as string;
    expect((await postToken('pkce', { auth_code: code, code_verifier: verifier })).status).toBe(200);
    expect((await postToken('pkce', { auth_code: code, code_verifier: verifier })).status).toBe(404);
  });

  it('refuses a code older than five minutes with flow_state_expired', async () => {
    const { client, storage } = supabaseFor(server.url);
    const landing = await signInThroughDevPage(client, 'late@example.com');
    const code = landing.searchParams.get('code') ?? '';
    const verifierKey = [...storage.items.keys()].find((key) => key.endsWith('-code-verifier')) ?? '';
    const verifier = JSON.parse(storage.items.get(verifierKey) ?? '""') as string;
    await server.database.db
      .updateTable('auth_flows')
      .set({ code_issued_at: new Date(Date.now() - 6 * 60_000) })
      .where('code_issued_at', 'is not', null)
      .where('used_at', 'is', null)
      .execute();
    const late = await postToken('pkce', { auth_code: code, code_verifier: verifier });
    expect(late.status).toBe(422);
    expect(late.body.code).toBe('flow_state_expired');
  });

  it('refuses redirect targets off the product origin and unknown providers', async () => {
    const evil = await server.request(
      `/auth/v1/authorize?provider=google&redirect_to=${encodeURIComponent('https://evil.example/x')}`,
    );
    expect(evil.status).toBe(400);
    const github = await server.request(`/auth/v1/authorize?provider=github`);
    expect(github.status).toBe(400);
    const halfPkce = await server.request(`/auth/v1/authorize?provider=google&code_challenge=${'a'.repeat(43)}`);
    expect(halfPkce.status).toBe(400);
  });

  it('serves a sign-in page with an email form, Continue and the demo accounts', async () => {
    const page = await server.request(
      `/auth/v1/authorize?provider=google&redirect_to=${encodeURIComponent(TEST_PUBLIC_URL)}`,
    );
    expect(page.status).toBe(200);
    expect(page.body).toContain('<form method="post"');
    expect(page.body).toContain('name="email"');
    expect(page.body).toContain('>Continue</button>');
    expect(page.body).toContain('traveller@demo.restay.test');
    expect(page.body).not.toContain('<script');
  });

  it('accepts the plain PKCE method used on insecure origins', async () => {
    const verifier = 'v'.repeat(50);
    const page = await server.request(
      `/auth/v1/authorize?provider=google&code_challenge=${verifier}&code_challenge_method=plain&redirect_to=${encodeURIComponent(TEST_PUBLIC_URL)}`,
    );
    const action = (/action="([^"]+)"/.exec(page.body as string)?.[1] ?? '').replaceAll('&amp;', '&');
    const posted = await fetch(server.url + action, {
      method: 'POST',
      body: new URLSearchParams({ email: 'plain@example.com' }),
      redirect: 'manual',
    });
    const code = new URL(posted.headers.get('location') ?? '').searchParams.get('code');
    const exchanged = await postToken('pkce', { auth_code: code, code_verifier: verifier });
    expect(exchanged.status).toBe(200);
    expect(exchanged.body.user.email).toBe('plain@example.com');
  });
});

describe('implicit sign-in', () => {
  it('puts a usable session in the redirect fragment', async () => {
    const { client } = supabaseFor(server.url, 'implicit');
    const landing = await signInThroughDevPage(client, 'implicit@example.com');
    expect(landing.searchParams.get('code')).toBeNull();
    const fragment = new URLSearchParams(landing.hash.slice(1));
    expect(fragment.get('token_type')).toBe('bearer');
    expect(fragment.get('expires_in')).toBe('3600');
    const { data, error } = await client.auth.setSession({
      access_token: fragment.get('access_token') ?? '',
      refresh_token: fragment.get('refresh_token') ?? '',
    });
    expect(error).toBeNull();
    expect(data.user?.email).toBe('implicit@example.com');
  });
});

describe('refresh tokens', () => {
  it('rotate on every refresh, and reusing an old one after the reuse interval revokes the session', async () => {
    const { client, session } = await signedInClient(server.url, 'rotate@example.com');
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    const current = refreshed.data.session;
    expect(current?.refresh_token).toBeTruthy();
    expect(current?.refresh_token).not.toBe(session.refresh_token);

    // Replayed after the reuse interval (within it, a second tab's refresh is honoured).
    await server.database.db
      .updateTable('auth_refresh_tokens')
      .set({ rotated_at: new Date(Date.now() - REFRESH_TOKEN_REUSE_INTERVAL_MS - 1_000) })
      .where('token_hash', '=', sha256(session.refresh_token))
      .execute();
    const replay = await postToken('refresh_token', { refresh_token: session.refresh_token });
    expect(replay.status).toBe(400);
    expect(replay.body.code).toBe('refresh_token_already_used');
    // The thief's replay also locks out the current holder: the whole session is gone.
    const next = await postToken('refresh_token', { refresh_token: current?.refresh_token });
    expect(next.status).toBe(400);
    expect(next.body.code).toBe('refresh_token_not_found');
    const user = await server.request('/auth/v1/user', {
      headers: { ...authHeaders, Authorization: `Bearer ${current?.access_token}` },
    });
    expect(user.status).toBe(403);
    expect(user.body.code).toBe('session_not_found');
  });

  it('answers an unknown refresh token with refresh_token_not_found (legacy error shape without the version header)', async () => {
    const response = await server.request('/auth/v1/token?grant_type=refresh_token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ refresh_token: 'nope' }),
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ code: 400, error_code: 'refresh_token_not_found', msg: expect.any(String) });
  });
});

describe('getUser and signOut', () => {
  it('rejects a missing or forged token', async () => {
    expect((await server.request('/auth/v1/user', { headers: authHeaders })).status).toBe(401);
    const forged = await server.request('/auth/v1/user', {
      headers: { ...authHeaders, Authorization: 'Bearer a.b.c' },
    });
    expect(forged.status).toBe(403);
    expect(forged.body.code).toBe('bad_jwt');
  });

  it('signOut revokes the session on the server and clears the client', async () => {
    const { client, session } = await signedInClient(server.url, 'leaver@example.com');
    const { error } = await client.auth.signOut();
    expect(error).toBeNull();
    expect((await client.auth.getSession()).data.session).toBeNull();
    const after = await server.request('/auth/v1/user', {
      headers: { ...authHeaders, Authorization: `Bearer ${session.access_token}` },
    });
    expect(after.status).toBe(403);
    const refresh = await postToken('refresh_token', { refresh_token: session.refresh_token });
    expect(refresh.status).toBe(400);
  });

  it('signOut with scope others keeps the current session', async () => {
    const first = await signedInClient(server.url, 'multi@example.com');
    const second = await signedInClient(server.url, 'multi@example.com');
    expect((await second.client.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await second.client.auth.getUser()).error).toBeNull();
    const firstUser = await server.request('/auth/v1/user', {
      headers: { ...authHeaders, Authorization: `Bearer ${first.session.access_token}` },
    });
    expect(firstUser.status).toBe(403);
    expect(firstUser.body.code).toBe('session_not_found');
  });

  it('serves the ES256 public key', async () => {
    const { status, body } = await server.request('/auth/v1/.well-known/jwks.json');
    expect(status).toBe(200);
    expect(body.keys).toHaveLength(1);
    expect(body.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256' });
    expect(body.keys[0].d).toBeUndefined();
  });
});

describe('rate limits', () => {
  it('answer 429 in the API error envelope for the token endpoint and the sign-in form', async () => {
    // A second instance on the file's database, with tight limits; what the file's other tests spent of the
    // limits (they are counted in the database) is forgotten first.
    await server.database.db.deleteFrom('rate_limits').execute();
    const limited = await startTestServer({
      database: server.database,
      env: { PUBLIC_URL: TEST_PUBLIC_URL },
      authRateLimits: { token: 2, signIn: 1 },
    });
    try {
      const token = () =>
        limited.request('/auth/v1/token?grant_type=refresh_token', {
          method: 'POST',
          headers: authHeaders,
          body: '{"refresh_token":"x"}',
        });
      expect((await token()).status).toBe(400);
      expect((await token()).status).toBe(400);
      const third = await token();
      expect(third.status).toBe(429);
      expect(third.body).toEqual({ success: false, error: expect.stringContaining('Too many'), code: 'RATE_LIMITED' });

      const form = () =>
        limited.request('/auth/v1/authorize/dev?flow=x', {
          method: 'POST',
          body: new URLSearchParams({ email: 'bad' }),
        });
      expect((await form()).status).toBe(400);
      expect((await form()).status).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it("take the sign-in form's limit per address from SIGN_INS_PER_ADDRESS", async () => {
    await server.database.db.deleteFrom('rate_limits').execute();
    const limited = await startTestServer({
      database: server.database,
      env: { PUBLIC_URL: TEST_PUBLIC_URL, SIGN_INS_PER_ADDRESS: '2' },
    });
    try {
      const form = () =>
        limited.request('/auth/v1/authorize/dev?flow=x', {
          method: 'POST',
          body: new URLSearchParams({ email: 'bad' }),
        });
      expect((await form()).status).toBe(400);
      expect((await form()).status).toBe(400);
      expect((await form()).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
