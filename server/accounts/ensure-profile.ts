import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Makes sure a verified user has their `profiles` row, which listings and purchases reference. The server owns
 * this row: built-in sign-in and (on Supabase) a trigger on auth.users create it, and every selling or buying
 * request calls this first, so no write can fail on a missing profile. Of an existing row only the email is
 * brought up to date, from the verified token, since receipts and sale notices go there; the names a person
 * typed are left untouched. The browser's own insert of the same row then meets 23505, which it treats as done.
 */
export async function ensureProfile(
  db: Kysely<Database>,
  user: { id: string; email: string | null | undefined },
): Promise<void> {
  await db
    .insertInto('profiles')
    .values({ id: user.id, email: user.email ?? null })
    .onConflict((oc) => (user.email ? oc.column('id').doUpdateSet({ email: user.email }) : oc.column('id').doNothing()))
    .execute();
}
