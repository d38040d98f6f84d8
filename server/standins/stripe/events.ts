import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { eventPayload, newId } from './wire.ts';

/**
 * Records an event for delivery to the webhook endpoint, in the caller's transaction so it exists exactly when
 * the change it reports committed. Returns its id.
 */
export async function recordStandinEvent(
  trx: Kysely<Database> | Transaction<Database>,
  event: { type: string; object: unknown; now: Date; requestId: string | null; account?: string },
): Promise<string> {
  const id = newId('evt_test_');
  await trx
    .insertInto('stripe_standin_events')
    .values({
      id,
      type: event.type,
      payload: eventPayload(id, event.type, event.object, event.now, event.requestId, event.account),
      created_at: event.now,
      next_attempt_at: event.now,
    })
    .execute();
  return id;
}
