import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { decodeJwt } from 'jose';
import { pino } from 'pino';
import { pinoHttp } from 'pino-http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpAuth } from '../../server/auth/auth-server.ts';
import { FLOW_TTL_MS } from '../../server/auth/store.ts';
import { LOCAL_ANON_KEY } from '../../server/config-sections.ts';
import { loadConfig } from '../../server/config.ts';
import { errorHandler } from '../../server/http/error-handler.ts';
import { supabaseFor, TEST_PUBLIC_URL } from '../helpers/supabase-client.ts';
import { createTestDatabase } from '../helpers/test-database.ts';
import { devSignInPage } from '../../server/standins/sign-in/dev-sign-in-page.ts';

// The built-in auth server reads every time from the clock it is given; this test moves that clock by hand.
let now = new Date('2031-03-04T10:00:00.000Z');
const clock = () => now;
const advance = (ms: number) => (now = new Date(now.getTime() + ms));

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let server: Server;
let url: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', PORT: '0', LOG_LEVEL: 'silent', PUBLIC_URL: TEST_PUBLIC_URL });
  const auth = setUpAuth({ config, db: database.db, limits: { token: 1000, signIn: 1000 }, clock, devSignInPage });
  const app = express();
  app.use(pinoHttp({ logger: pino({ level: 'silent' }) }));
  app.use(express.json());
  app.use(auth.builtInServer!);
  app.use(errorHandler);
  server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await database.dispose();
});

/** Opens the sign-in page (the flow starts now) and returns a function that posts its form. */
async function openSignInPage() {
  const { client, storage } = supabaseFor(url);
  const { data } = await client.auth.signInWithOAuth({
    provider: 'google',
    options: { redirectTo: `${TEST_PUBLIC_URL}/profile`, skipBrowserRedirect: true },
  });
  const html = await (await fetch(data.url!)).text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)![1]!.replaceAll('&amp;', '&');
  const verifier = () => {
    const key = [...storage.items.keys()].find((name) => name.endsWith('-code-verifier'))!;
    return JSON.parse(storage.items.get(key)!) as string;
  };
  const submit = (email: string) =>
    fetch(new URL(action, url), { method: 'POST', body: new URLSearchParams({ email }), redirect: 'manual' });
  return { submit, verifier };
}

const exchange = (code: string, verifier: string) =>
  fetch(`${url}/auth/v1/token?grant_type=pkce`, {
    method: 'POST',
    headers: { apikey: LOCAL_ANON_KEY, 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' },
    body: JSON.stringify({ auth_code: code, code_verifier: verifier }),
  });

describe('the built-in auth server on an injected clock', () => {
  it('refuses a sign-in form posted after the flow lifetime', async () => {
    const page = await openSignInPage();
    advance(FLOW_TTL_MS + 1);
    const posted = await page.submit('late-form@example.com');
    expect(posted.status).toBe(400);
    const html = await posted.text();
    expect(html).toContain('Sign-in expired');
    // Readable on a phone, like every page the server draws itself.
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
  });

  it('accepts a sign-in form posted just inside the flow lifetime', async () => {
    const page = await openSignInPage();
    advance(FLOW_TTL_MS - 1_000);
    const posted = await page.submit('in-time@example.com');
    expect(posted.status).toBe(302);
    expect(new URL(posted.headers.get('location')!).searchParams.get('code')).toBeTruthy();
  });

  it('refuses a code exchanged after the flow lifetime, and accepts one just inside it', async () => {
    const late = await openSignInPage();
    const lateCode = new URL((await late.submit('late-code@example.com')).headers.get('location')!).searchParams.get(
      'code',
    )!;
    advance(FLOW_TTL_MS + 1);
    const refused = await exchange(lateCode, late.verifier());
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ code: 'flow_state_expired' });

    const timely = await openSignInPage();
    const code = new URL((await timely.submit('timely@example.com')).headers.get('location')!).searchParams.get(
      'code',
    )!;
    advance(FLOW_TTL_MS - 1_000);
    const accepted = await exchange(code, timely.verifier());
    expect(accepted.status).toBe(200);
    const session = (await accepted.json()) as { access_token: string; expires_at: number };
    // The token is stamped with the injected time, not the machine's.
    expect(decodeJwt(session.access_token).iat).toBe(Math.floor(now.getTime() / 1000));
    expect(session.expires_at).toBe(Math.floor(now.getTime() / 1000) + 3600);
  });

  it('stamps users, sessions and flows with the injected time', async () => {
    const page = await openSignInPage();
    await page.submit('stamped@example.com');
    const user = await database.db
      .selectFrom('auth_users')
      .selectAll()
      .where('email', '=', 'stamped@example.com')
      .executeTakeFirstOrThrow();
    expect(user.created_at).toEqual(now);
    expect(user.last_sign_in_at).toEqual(now);
    const flow = await database.db
      .selectFrom('auth_flows')
      .select(['created_at', 'code_issued_at'])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(flow).toEqual({ created_at: now, code_issued_at: now });
  });
});
