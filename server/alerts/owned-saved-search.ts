import { AppError, notFound } from '../http/errors.ts';
import type { Executor } from '../db/transaction.ts';

/** The saved search, if the user owns it: 404 when there is none, 403 when it is someone else's. */
export async function findOwnedSavedSearch(db: Executor, userId: string, id: string, { lock = false } = {}) {
  let query = db.selectFrom('saved_searches').selectAll().where('id', '=', id);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw notFound('Saved search');
  if (row.user_id !== userId) throw new AppError('FORBIDDEN', 'This saved search belongs to someone else');
  return row;
}
