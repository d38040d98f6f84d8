import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { LOCAL_ANON_KEY } from '../../server/config-sections.ts';

/** The product origin the test server is configured with; redirect targets must be on it. */
export const TEST_PUBLIC_URL = 'http://localhost:5999';

export function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

/** The real supabase-js, as the browser builds it, pointed at the built-in server. */
export function supabaseFor(serverUrl: string, flowType: 'pkce' | 'implicit' = 'pkce') {
  const storage = memoryStorage();
  const client = createClient(serverUrl, LOCAL_ANON_KEY, {
    auth: { flowType, storage, persistSession: true, autoRefreshToken: false, detectSessionInUrl: false },
    // Node 20 has no WebSocket, and since 2.100 supabase-js builds its realtime transport eagerly (createClient
    // throws without one) even when Realtime is unused: a dummy transport class is enough.
    realtime: { transport: class {} as never },
  });
  return { client, storage };
}

/** Drives /authorize and the development sign-in form like a browser would, returning the final redirect. */
export async function signInThroughDevPage(
  client: SupabaseClient,
  email: string,
  redirectTo = `${TEST_PUBLIC_URL}/profile`,
) {
  const { data, error } = await client.auth.signInWithOAuth({
    provider: 'google',
    options: { redirectTo, skipBrowserRedirect: true },
  });
  if (error || !data.url) throw error ?? new Error('no authorize URL');
  const page = await fetch(data.url);
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no sign-in form (status ${page.status}): ${html.slice(0, 200)}`);
  const response = await fetch(new URL(action.replaceAll('&amp;', '&'), data.url), {
    method: 'POST',
    body: new URLSearchParams({ email }),
    redirect: 'manual',
  });
  const location = response.headers.get('location');
  if (response.status !== 302 || !location) throw new Error(`sign-in form answered ${response.status}`);
  return new URL(location);
}

/** Signs in with PKCE and returns the client holding the session. */
export async function signedInClient(serverUrl: string, email: string) {
  const { client, storage } = supabaseFor(serverUrl);
  const landing = await signInThroughDevPage(client, email);
  const code = landing.searchParams.get('code');
  if (!code) throw new Error(`no code in ${landing.toString()}`);
  const { data, error } = await client.auth.exchangeCodeForSession(code);
  if (error) throw error;
  return { client, storage, session: data.session, user: data.user };
}
