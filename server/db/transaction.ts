import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.ts';

/** A database handle that may be a transaction: queries and guarded updates accept either. */
export type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Runs one use case's writes as one transaction: all of them happen or none does. Guarded updates inside it
 * (`WHERE status = <expected>`) make two concurrent requests serialise on the row, so only one can win.
 */
export function inTransaction<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.transaction().execute(work);
}
