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

/**
 * Runs `work` inside the caller's transaction when `executor` is one (so it commits or rolls back with the
 * caller's other writes), else in a transaction of its own.
 */
export function withinTransaction<T>(executor: Executor, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return executor.isTransaction ? work(executor as Transaction<Database>) : executor.transaction().execute(work);
}
