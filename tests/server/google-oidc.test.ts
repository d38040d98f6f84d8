import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY } from '../../server/config-sections.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { TEST_PUBLIC_URL } from '../helpers/supabase-client.ts';

/** A local OpenID provider standing in for Google, with oidc-provider's development login pages. */
let issuerServer: Server;
let issuer: string;
let emailVerified = true;
let server: TestServer;

beforeAll(async () => {
  issuerServer = createServer();
  await new Promise<void>((resolve) => issuerServer.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(issuerServer.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'restay',
        client_secret: 'restay-secret',
        redirect_uris: [`${TEST_PUBLIC_URL}/auth/v1/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Google puts email and email_verified in the id_token; so does this stand-in.
    conformIdTokenClaims: false,
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({ sub, email: `${sub}@gmail.example`, email_verified: emailVerified, name: 'Grace Google' }),
    }),
    features: { devInteractions: { enabled: true } },
  });
  issuerServer.on('request', provider.callback());
  server = await startTestServer({
    env: {
      PUBLIC_URL: TEST_PUBLIC_URL,
      GOOGLE_CLIENT_ID: 'restay',
      GOOGLE_CLIENT_SECRET: 'restay-secret',
      GOOGLE_ISSUER_URL: issuer,
    },
  });
});
afterAll(async () => {
  await server.close();
  await new Promise((resolve) => issuerServer.close(resolve));
});

/** Follows the provider's redirects and fills its login and consent forms, keeping its cookies. */
async function throughProvider(authorizationUrl: string, login: string): Promise<URL> {
  const cookies = new Map<string, string>();
  let url = authorizationUrl;
  let body: URLSearchParams | undefined;
  for (let step = 0; step < 12; step++) {
    const response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      body,
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (name) cookies.set(name.trim(), value.join('='));
    }
    body = undefined;
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.origin !== issuer) return next;
      url = next.toString();
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`stuck at ${url}: ${html.slice(0, 300)}`);
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1] ?? 'login';
    body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt });
    url = new URL(action, url).toString();
  }
  throw new Error('too many steps at the provider');
}

async function startSignIn() {
  const verifier = 'v'.repeat(50);
  const authorize = await server.request(
    `/auth/v1/authorize?provider=google&code_challenge=${verifier}&code_challenge_method=plain&redirect_to=${encodeURIComponent(`${TEST_PUBLIC_URL}/profile`)}`,
    { redirect: 'manual' },
  );
  expect(authorize.status).toBe(302);
  const google = new URL(authorize.headers.get('location') ?? '');
  return { google, verifier };
}

/** The provider redirects to PUBLIC_URL's callback; the same path and query go to the test server. */
const callback = (redirect: URL) =>
  fetch(`${server.url}${redirect.pathname}${redirect.search}`, { redirect: 'manual' });

describe('Google sign-in through openid-client', () => {
  it('sends the browser to Google with PKCE S256, state and nonce', async () => {
    const { google } = await startSignIn();
    expect(google.origin).toBe(issuer);
    expect(google.searchParams.get('code_challenge_method')).toBe('S256');
    expect(google.searchParams.get('state')).toBeTruthy();
    expect(google.searchParams.get('nonce')).toBeTruthy();
    expect(google.searchParams.get('redirect_uri')).toBe(`${TEST_PUBLIC_URL}/auth/v1/callback`);
  });

  it('signs a verified Google account in and issues our own PKCE code', async () => {
    emailVerified = true;
    const { google, verifier } = await startSignIn();
    const back = await throughProvider(google.toString(), 'grace');
    const landing = await callback(back);
    expect(landing.status).toBe(302);
    const target = new URL(landing.headers.get('location') ?? '');
    expect(target.pathname).toBe('/profile');
    const exchanged = await server.request('/auth/v1/token?grant_type=pkce', {
      method: 'POST',
      headers: { apikey: LOCAL_ANON_KEY, 'Content-Type': 'application/json' },
      body: JSON.stringify({ auth_code: target.searchParams.get('code'), code_verifier: verifier }),
    });
    expect(exchanged.status).toBe(200);
    expect(exchanged.body.user).toMatchObject({
      email: 'grace@gmail.example',
      user_metadata: { name: 'Grace Google', email_verified: true },
    });
    expect(exchanged.body.user.identities[0]).toMatchObject({ provider: 'google', id: 'grace' });

    // The state is single use: replaying Google's answer is refused.
    expect((await callback(back)).status).toBe(400);
  });

  it('refuses an account whose email Google has not verified', async () => {
    emailVerified = false;
    const { google } = await startSignIn();
    const back = await throughProvider(google.toString(), 'unverified');
    const landing = await callback(back);
    const target = new URL(landing.headers.get('location') ?? '');
    expect(target.searchParams.get('error')).toBe('access_denied');
    expect(target.searchParams.get('code')).toBeNull();
  });

  it('refuses a callback with a state it did not issue', async () => {
    const response = await fetch(`${server.url}/auth/v1/callback?code=x&state=${crypto.randomUUID()}`, {
      redirect: 'manual',
    });
    expect(response.status).toBe(400);
  });

  it('has no development sign-in form when Google is configured', async () => {
    expect(
      (
        await server.request('/auth/v1/authorize/dev?flow=x', {
          method: 'POST',
          body: new URLSearchParams({ email: 'a@b.c' }),
        })
      ).status,
    ).toBe(404);
  });
});
