import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, HotelRow } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { enqueueJob } from '../jobs/enqueue.ts';
import { APPLY_HOTEL_POLICY } from '../resale-policy/apply-job.ts';
import { hotelKeyOf } from '../selling/pms/mews-pms.ts';
import { integrationCreatedDataSchema } from '../selling/pms/mews-schemas.ts';
import type { HotelDeps } from './deps.ts';
import { createInvite } from './invites.ts';

const SUSPENDING = new Set(['IntegrationDisabled', 'IntegrationCanceled', 'IntegrationDeleted']);
const RESTORING = new Set(['IntegrationEnabled', 'IntegrationReinstated']);

/** Outcomes after which the hotel's standing may have changed: its listings are brought in line by a job. */
const STANDING_CHANGED = new Set(['suspended', 'restored', 'reconnected']);

/**
 * An integration's next event needs its IntegrationCreated, which has not arrived: the job retries (Mews
 * redelivers a Created it could not deliver minutes later) and, after its attempts, is `failed` for an operator.
 */
export class IntegrationNotKnownYet extends Error {
  constructor(integrationId: string) {
    super(`integration ${integrationId} is not known yet: its events wait for its IntegrationCreated`);
    this.name = 'IntegrationNotKnownYet';
  }
}

/**
 * Applies an integration's recorded events one at a time, in the order they arrived (its IntegrationCreated
 * first, since nothing can happen to an integration before it exists), until none is left: a new hotel
 * (pending, with its first admin's link emailed to the requestor), a rotated token, a suspension or a
 * restoration. A suspension does what "Pause all resale" does (every listing hidden, open holds released,
 * checkouts expired) and a restoration undoes it, through the listing pass queued in the same transaction.
 * Two workers on one integration take its events in turn: each is applied under its row's lock, and only while
 * it is the integration's next. Throws IntegrationNotKnownYet while the next event waits for its Created.
 */
export async function applyIntegrationEvents(deps: HotelDeps, integrationId: string): Promise<void> {
  for (;;) {
    const next = await nextEvent(deps.db, integrationId).executeTakeFirst();
    if (!next) return;
    const token = next.token_ciphertext
      ? deps.cipher.decrypt(next.token_ciphertext, { integration: integrationId })
      : null;
    // Read before the transaction: a call to the hotel's system never runs while rows are locked.
    const chainId = next.action === 'IntegrationCreated' && token ? await deps.readChainId(token) : null;
    const now = deps.clock();
    const step = await inTransaction(deps.db, async (trx) => {
      // Waits for another worker applying this event; then it is no longer the next, and is read again.
      const event = await nextEvent(trx, integrationId).forUpdate().executeTakeFirst();
      if (event?.id !== next.id) return 'read_again';
      const { outcome, hotelId } = await apply(trx, deps, event, token, chainId, now);
      if (outcome === 'unknown_integration') return 'waiting';
      if (hotelId && STANDING_CHANGED.has(outcome))
        await enqueueJob(trx, APPLY_HOTEL_POLICY, `integration:${event.id}`, { hotelId }, now);
      // The token is stored on the hotel by now (or was not wanted): the history keeps no copy of it.
      await trx
        .updateTable('hotel_integration_events')
        .set({ processed_at: now, outcome, token_ciphertext: null })
        .where('id', '=', event.id)
        .execute();
      return 'applied';
    });
    if (step === 'waiting') throw new IntegrationNotKnownYet(integrationId);
  }
}

/** The integration's next event not yet applied: its IntegrationCreated first, then by arrival. */
function nextEvent(db: Kysely<Database>, integrationId: string) {
  return db
    .selectFrom('hotel_integration_events')
    .selectAll()
    .where('integration_id', '=', integrationId)
    .where('processed_at', 'is', null)
    .orderBy(sql`action = 'IntegrationCreated'`, 'desc')
    .orderBy('seq')
    .limit(1);
}

type Event = { action: string; integration_id: string | null; data: unknown; token_ciphertext: string | null };

async function apply(
  trx: Transaction<Database>,
  deps: HotelDeps,
  event: Event,
  token: string | null,
  chainId: string | null,
  now: Date,
): Promise<{ outcome: string; hotelId: string | null }> {
  if (event.action === 'IntegrationCreated' && token) return created(trx, deps, event, token, chainId, now);
  const hotel = await trx
    .selectFrom('hotels')
    .selectAll()
    .where('integration_id', '=', event.integration_id)
    .forUpdate()
    .executeTakeFirst();
  if (!hotel) return { outcome: 'unknown_integration', hotelId: null };
  const done = (outcome: string) => ({ outcome, hotelId: hotel.id });
  if (event.action === 'IntegrationApiKeyCreated' && token) {
    await trx
      .updateTable('hotels')
      .set({
        access_token_ciphertext: deps.cipher.encrypt(token, { hotel: hotel.enterprise_id }),
        token_key: hotelKeyOf(token),
        updated_at: now,
      })
      .where('id', '=', hotel.id)
      .execute();
    return done('token_replaced');
  }
  if (SUSPENDING.has(event.action)) {
    // A replayed suspension keeps the moment of the first: payments made before it still sell (ADR 0093).
    const since = hotel.status === 'suspended' ? hotel.status_changed_at : now;
    await trx
      .updateTable('hotels')
      .set({ status: 'suspended', status_changed_at: since, updated_at: now })
      .where('id', '=', hotel.id)
      .execute();
    return done('suspended');
  }
  if (RESTORING.has(event.action)) {
    const status = await statusWhenRunning(trx, hotel.id);
    await trx
      .updateTable('hotels')
      .set({ status, status_changed_at: now, updated_at: now })
      .where('id', '=', hotel.id)
      .where('status', '=', 'suspended')
      .execute();
    return done('restored');
  }
  return done('ignored');
}

/** Running again: connected once it has an admin, else still waiting for one. */
async function statusWhenRunning(trx: Transaction<Database>, hotelId: string): Promise<'connected' | 'pending'> {
  const admin = await trx
    .selectFrom('hotel_members')
    .select('user_id')
    .where('hotel_id', '=', hotelId)
    .where('role', '=', 'admin')
    .limit(1)
    .executeTakeFirst();
  return admin ? 'connected' : 'pending';
}

/**
 * A hotel connected our integration (or connected it again after deleting it: the same enterprise, a new
 * integration). It is pending until its first admin claims it; the requestor Mews named gets the link.
 */
async function created(
  trx: Transaction<Database>,
  deps: HotelDeps,
  event: Event,
  token: string,
  chainId: string | null,
  now: Date,
): Promise<{ outcome: string; hotelId: string }> {
  const data = integrationCreatedDataSchema.omit({ AccessToken: true }).parse(event.data);
  const requestorEmail = data.Requestor?.Email?.trim().toLowerCase() || null;
  const fields = {
    integration_id: data.Integration.Id,
    name: data.Enterprise.Name,
    access_token_ciphertext: deps.cipher.encrypt(token, { hotel: data.Enterprise.Id }),
    token_key: hotelKeyOf(token),
    requestor_name: data.Requestor?.Name?.trim() || null,
    requestor_email: requestorEmail,
    updated_at: now,
  };
  const existing: HotelRow | undefined = await trx
    .selectFrom('hotels')
    .selectAll()
    .where('enterprise_id', '=', data.Enterprise.Id)
    .forUpdate()
    .executeTakeFirst();
  let hotelId: string;
  if (existing) {
    hotelId = existing.id;
    const status = data.IsEnabled ? await statusWhenRunning(trx, hotelId) : 'suspended';
    await trx
      .updateTable('hotels')
      .set({
        ...fields,
        status,
        status_changed_at: status === existing.status ? existing.status_changed_at : now,
        chain_id: chainId ?? existing.chain_id,
      })
      .where('id', '=', hotelId)
      .execute();
  } else {
    const inserted = await trx
      .insertInto('hotels')
      .values({
        ...fields,
        enterprise_id: data.Enterprise.Id,
        chain_id: chainId,
        status: data.IsEnabled ? 'pending' : 'suspended',
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    hotelId = inserted.id;
  }
  const hasAdmin = (await statusWhenRunning(trx, hotelId)) === 'connected';
  if (requestorEmail && !hasAdmin) {
    await createInvite(
      trx,
      deps,
      { hotelId, kind: 'first_admin', email: requestorEmail, role: 'admin', invitedBy: null },
      now,
    );
  } else if (!requestorEmail && !hasAdmin) {
    deps.logger.warn({ hotelId }, 'a hotel connected without a requestor: nobody to send its first admin link to');
  }
  return { outcome: existing ? 'reconnected' : 'created', hotelId };
}
