import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { apiGet } from './api-client.ts';

interface RuntimeConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
}

let client: Promise<SupabaseClient> | undefined;

/**
 * The one supabase-js client of the SPA, built from GET /api/config so the same build talks to a real
 * Supabase project or to the API's built-in auth server. PKCE keeps tokens out of URLs and history.
 */
export function getSupabase(): Promise<SupabaseClient> {
  client ??= apiGet<{ data: RuntimeConfig }>('/api/config')
    .then(({ data }) =>
      createClient(data.supabaseUrl, data.supabaseAnonKey, {
        auth: { flowType: 'pkce', persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
      }),
    )
    .catch((error: unknown) => {
      client = undefined; // a failed config load is retried by the next caller, not cached forever
      throw error;
    });
  return client;
}

/** Tests start every case from a fresh client (and so a fresh read of storage). */
export function resetSupabaseClient(): void {
  client = undefined;
}
