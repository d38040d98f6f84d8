import type { SupabaseClient } from '@supabase/supabase-js';
import { loadPublicConfig } from './public-config.ts';

let client: Promise<SupabaseClient> | undefined;

/** Where supabase-js keeps the session (and, during a sign-in, `<key>-code-verifier`) in localStorage. */
export const SESSION_STORAGE_KEY = 'restay-auth';
let storageKey = SESSION_STORAGE_KEY;

/** The storage key of the current client (tests give each case its own, see resetSupabaseClient). */
export function sessionStorageKey(): string {
  return storageKey;
}

/**
 * Whether this browser may have a session: one is stored, or a sign-in is coming back with its code. When
 * neither holds, the visitor is a guest and their requests need not wait for supabase-js to load.
 */
export function mayHaveSession(): boolean {
  try {
    return localStorage.getItem(storageKey) !== null || new URLSearchParams(window.location.search).has('code');
  } catch {
    return true; // storage unreadable (blocked by the browser): ask supabase-js, as before
  }
}

/**
 * The one supabase-js client of the SPA, built from GET /api/config so the same build talks to a real
 * Supabase project or to the API's built-in auth server. PKCE keeps tokens out of URLs and history.
 */
export function getSupabase(): Promise<SupabaseClient> {
  // supabase-js is loaded in parallel with the config, as its own chunk: no page waits on it to first paint.
  const key = storageKey;
  client ??= Promise.all([loadPublicConfig(), import('@supabase/supabase-js')])
    .then(([data, { createClient }]) =>
      createClient(data.supabaseUrl, data.supabaseAnonKey, {
        auth: {
          flowType: 'pkce',
          persistSession: true,
          autoRefreshToken: true,
          detectSessionInUrl: true,
          storageKey: key,
        },
      }),
    )
    .catch((error: unknown) => {
      client = undefined; // a failed config load is retried by the next caller, not cached forever
      throw error;
    });
  return client;
}

/** Whether the sign-in client has been asked for on this page (a guest's pages never ask until Sign In). */
export function signInClientRequested(): boolean {
  return client !== undefined;
}

/**
 * Tests start every case from a fresh client (and so a fresh read of storage). supabase-js counts its clients per
 * storage key and warns about a second one, so each fresh client gets a key of its own.
 */
export function resetSupabaseClient(key: string = SESSION_STORAGE_KEY): void {
  client = undefined;
  storageKey = key;
}
