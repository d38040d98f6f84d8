import type { SupabaseClient, User } from '@supabase/supabase-js';

/** Every signed-in person has a profile row; the first session creates it (id, email, empty names). */
export async function ensureProfile(client: SupabaseClient, user: User): Promise<void> {
  const existing = await client.from('profiles').select('id').eq('id', user.id).maybeSingle();
  if (existing.error) throw existing.error;
  if (existing.data) return;
  const inserted = await client
    .from('profiles')
    .insert({ id: user.id, email: user.email ?? null, first_name: '', last_name: '', display_name: '' });
  // 23505: another tab (or the repeated SIGNED_IN event) inserted it first, which is what we wanted.
  if (inserted.error && inserted.error.code !== '23505') throw inserted.error;
}
