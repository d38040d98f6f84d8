import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { findOwnedSavedSearch } from './owned-saved-search.ts';

/** Deletes one of the person's saved searches (403 for anyone else's); what they were told is kept. */
export async function deleteSavedSearch(deps: { db: Kysely<Database> }, userId: string, id: string): Promise<void> {
  await inTransaction(deps.db, async (trx) => {
    await findOwnedSavedSearch(trx, userId, id, { lock: true });
    await trx.deleteFrom('saved_searches').where('id', '=', id).execute();
  });
}
