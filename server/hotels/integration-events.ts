import { z } from 'zod';
import { sha256 } from '../crypto/sha256.ts';
import { AppError } from '../http/errors.ts';
import { inTransaction } from '../db/transaction.ts';
import { enqueuePendingJob } from '../jobs/enqueue.ts';
import { defineJobType } from '../jobs/job-type.ts';
import {
  INTEGRATION_ACTIONS,
  integrationApiKeyCreatedDataSchema,
  integrationCreatedDataSchema,
  integrationStateDataSchema,
  type IntegrationAction,
} from '../selling/pms/mews-schemas.ts';
import type { HotelDeps } from './deps.ts';

/** Applies an integration's recorded events to its hotel, in order (server/hotels/apply-integration-event.ts). */
export const HOTEL_INTEGRATION_EVENT = defineJobType(
  'hotels.integration_event',
  z.object({ integrationId: z.string().min(1).max(200) }),
);

/** Events whose body carries a value of its own (a token, a time): an identical body is a redelivery. */
const SELF_IDENTIFYING: readonly IntegrationAction[] = [
  'IntegrationCreated',
  'IntegrationApiKeyCreated',
  'IntegrationDeleted',
];

export type RecordOutcome = 'recorded' | 'duplicate' | 'unknown_action';

const isKnownAction = (action: string): action is IntegrationAction =>
  (INTEGRATION_ACTIONS as readonly string[]).includes(action);

/**
 * Records an integration event Mews delivered and queues the job that applies its integration's events, in one
 * transaction, so the
 * webhook answers at once. The token it carries is stored only encrypted, and left out of the recorded data.
 * A redelivery of an event with a value of its own is recorded once; an enable or disable carries only the
 * integration's id, and applying it again changes nothing. An action we do not know is not recorded.
 */
export async function recordIntegrationEvent(
  deps: Pick<HotelDeps, 'db' | 'clock' | 'cipher'>,
  event: { Action: string; Data: unknown },
): Promise<RecordOutcome> {
  const action = event.Action;
  if (!isKnownAction(action)) return 'unknown_action';
  const { integrationId, enterpriseId, token, data } = readData(action, event.Data);
  const now = deps.clock();
  const digest = SELF_IDENTIFYING.includes(action)
    ? sha256(JSON.stringify({ Action: action, Data: event.Data }))
    : null;
  return inTransaction(deps.db, async (trx) => {
    const inserted = await trx
      .insertInto('hotel_integration_events')
      .values({
        action,
        integration_id: integrationId,
        enterprise_id: enterpriseId,
        digest,
        data: JSON.stringify(data),
        token_ciphertext: token === null ? null : deps.cipher.encrypt(token, { integration: integrationId }),
        received_at: now,
      })
      .onConflict((oc) => oc.column('digest').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return 'duplicate';
    // One job waiting per integration: it applies every event recorded by then, in order.
    const thing = `integration:${sha256(integrationId).slice(0, 32)}`;
    await enqueuePendingJob(trx, HOTEL_INTEGRATION_EVENT, thing, { integrationId }, now);
    return 'recorded';
  });
}

/** The event's fields we keep, its secret apart. A known action with the wrong shape is 400, as Mews' own API answers. */
function readData(action: IntegrationAction, data: unknown) {
  const invalid = () => new AppError('VALIDATION_ERROR', `Invalid Data for ${action}`);
  if (action === 'IntegrationCreated') {
    const parsed = integrationCreatedDataSchema.safeParse(data);
    if (!parsed.success) throw invalid();
    const { AccessToken, ...rest } = parsed.data;
    return { integrationId: rest.Integration.Id, enterpriseId: rest.Enterprise.Id, token: AccessToken, data: rest };
  }
  if (action === 'IntegrationApiKeyCreated') {
    const parsed = integrationApiKeyCreatedDataSchema.safeParse(data);
    if (!parsed.success) throw invalid();
    const { ApiKey, ...rest } = parsed.data;
    return { integrationId: rest.Integration.Id, enterpriseId: null, token: ApiKey, data: rest };
  }
  const parsed = integrationStateDataSchema.safeParse(data);
  if (!parsed.success) throw invalid();
  return { integrationId: parsed.data.Integration.Id, enterpriseId: null, token: null, data: parsed.data };
}
