import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cachedSessionCheck,
  requiringLiveSession,
  SESSION_CHECK_CACHE_MS,
  supabaseSessionLookup,
} from '../../server/auth/session-check.ts';

const SUPABASE_URL = 'https://project.supabase.co';
const signedOut = new Set<string>();
const calls: { apikey: string | null; authorization: string | null }[] = [];

// GoTrue's GET /auth/v1/user: the user for a live session, 403 session_not_found once it was signed out.
const supabase = setupServer(
  http.get(`${SUPABASE_URL}/auth/v1/user`, ({ request }) => {
    const authorization = request.headers.get('authorization');
    calls.push({ apikey: request.headers.get('apikey'), authorization });
    const token = authorization?.replace(/^Bearer /, '') ?? '';
    if (signedOut.has(token)) {
      return HttpResponse.json(
        { code: 'session_not_found', message: 'Session from session_id claim in JWT does not exist' },
        { status: 403, headers: { 'X-Supabase-Api-Version': '2024-01-01' } },
      );
    }
    return HttpResponse.json({ id: 'user-1', aud: 'authenticated', role: 'authenticated' });
  }),
);
beforeAll(() => supabase.listen({ onUnhandledRequest: 'error' }));
afterAll(() => supabase.close());

describe('a Supabase project’s session_id claim', () => {
  it('is checked with the Auth server, which answers 403 once the session is signed out', async () => {
    const lookup = supabaseSessionLookup(SUPABASE_URL, 'anon-key');
    expect(await lookup('session-1', 'token-live')).toBe(true);
    signedOut.add('token-gone');
    expect(await lookup('session-2', 'token-gone')).toBe(false);
    expect(calls.at(-1)).toEqual({ apikey: 'anon-key', authorization: 'Bearer token-gone' });
  });

  it('is asked at most once per session per cache period; a token without the claim is not checked', async () => {
    let now = 0;
    let lookups = 0;
    const sessions = cachedSessionCheck(
      async (sessionId) => {
        lookups++;
        return sessionId !== 'revoked';
      },
      () => now,
    );
    const verify = requiringLiveSession(
      async (token) => ({ id: 'u', email: undefined, emailVerified: false, sessionId: token || undefined }),
      sessions,
    );

    await verify('live');
    await verify('live');
    expect(lookups).toBe(1);
    now += SESSION_CHECK_CACHE_MS;
    await verify('live');
    expect(lookups).toBe(2);

    await expect(verify('revoked')).rejects.toThrow('signed out');
    await verify('');
    expect(lookups).toBe(3);
  });
});
