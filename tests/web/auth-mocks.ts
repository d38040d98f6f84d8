import { http, HttpResponse } from 'msw';
import { resetPublicConfig } from '../../src/lib/public-config.ts';
import { getSupabase, resetSupabaseClient, sessionStorageKey } from '../../src/lib/supabase.ts';
import { server, TEST_SUPABASE_URL } from './msw.ts';

export interface TestUser {
  id: string;
  email: string;
  created_at: string;
}

export const TEST_USER: TestUser = {
  id: '7b0f3d8e-2c1a-4a59-9b1e-0d7e5f1c2a33',
  email: 'ana@example.com',
  created_at: '2026-03-05T10:00:00.000Z',
};

const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

/**
 * Signs the person in through supabase-js itself, as if they had signed in earlier: the app's own client (one
 * per test) takes the token the auth server issued, checks it with GET /auth/v1/user (answered here as the
 * server answers) and stores the session in its own format.
 */
export async function storeSession(user: TestUser = TEST_USER): Promise<void> {
  const expiresAt = Math.floor(Date.now() / 1000) + 3600;
  const accessToken = [
    base64url({ alg: 'ES256', typ: 'JWT', kid: 'test' }),
    base64url({ sub: user.id, email: user.email, role: 'authenticated', aud: 'authenticated', exp: expiresAt }),
    base64url({ signature: 'test' }),
  ].join('.');
  const authUser = {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email,
    created_at: user.created_at,
    app_metadata: {},
    user_metadata: {},
  };
  server.use(http.get(`${TEST_SUPABASE_URL}/auth/v1/user`, () => HttpResponse.json(authUser)));
  const client = await getSupabase();
  const { error } = await client.auth.setSession({ access_token: accessToken, refresh_token: 'refresh-token' });
  if (error) throw error;
}

/**
 * A page reload: the next render starts without the configuration or a client, and its client reads the stored
 * session afresh. A real reload also starts supabase-js's count of clients again; here the new client gets a
 * storage key of its own, holding what the old key held, so supabase-js sees no second client on one key.
 */
export function reloadPage(): void {
  const previousKey = sessionStorageKey();
  const stored = localStorage.getItem(previousKey);
  localStorage.removeItem(previousKey);
  resetPublicConfig();
  resetSupabaseClient(`${previousKey}-reloaded`);
  if (stored !== null) localStorage.setItem(sessionStorageKey(), stored);
}

type Row = Record<string, unknown>;

/**
 * `/rest/v1/profiles` as the built-in server answers it, over one in-memory row store. Returns the store and
 * the list of write requests so tests can check what the page sent.
 */
export function mockProfilesRest(initial: Row[] = []) {
  const rows = new Map(initial.map((row) => [row.id as string, row]));
  const writes: { prefer: string | null; body: Row }[] = [];
  server.use(
    http.get(`${TEST_SUPABASE_URL}/rest/v1/profiles`, ({ request }) => {
      const id = new URL(request.url).searchParams.get('id')?.replace(/^eq\./, '');
      const found = id ? rows.get(id) : undefined;
      const list = found ? [found] : [];
      if (request.headers.get('accept')?.includes('vnd.pgrst.object')) {
        if (!found)
          return HttpResponse.json(
            {
              code: 'PGRST116',
              details: 'The result contains 0 rows',
              hint: null,
              message: 'Cannot coerce the result to a single JSON object',
            },
            { status: 406 },
          );
        return HttpResponse.json(found);
      }
      return HttpResponse.json(list);
    }),
    http.post(`${TEST_SUPABASE_URL}/rest/v1/profiles`, async ({ request }) => {
      const body = (await request.json()) as Row;
      const prefer = request.headers.get('prefer');
      writes.push({ prefer, body });
      const existing = rows.get(body.id as string);
      if (existing && !prefer?.includes('merge-duplicates')) {
        return HttpResponse.json(
          {
            code: '23505',
            details: null,
            hint: null,
            message: 'duplicate key value violates unique constraint "profiles_pkey"',
          },
          { status: 409 },
        );
      }
      rows.set(body.id as string, { ...existing, ...body });
      return new HttpResponse(null, { status: existing ? 200 : 201 });
    }),
  );
  return { rows, writes };
}

/** A signed-in person with a profile row, ready for protected pages. */
export async function signIn(user: TestUser = TEST_USER, profile: Row = {}) {
  const store = mockProfilesRest([
    { id: user.id, email: user.email, first_name: '', last_name: '', display_name: '', ...profile },
  ]);
  await storeSession(user);
  return store;
}
