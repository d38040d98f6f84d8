import type { JobRegistry } from '../jobs/registry.ts';
import { applyIntegrationEvents } from './apply-integration-event.ts';
import type { HotelDeps } from './deps.ts';
import { HOTEL_INTEGRATION_EVENT } from './integration-events.ts';
import { HOTEL_INVITE_EMAIL, inviteEmail } from './invites.ts';

/** The hotels' job kinds (server/jobs/README.md): applying each integration's events in order and sending invite emails. */
export function registerHotelJobs(registry: JobRegistry, deps: HotelDeps): JobRegistry {
  registry.register(HOTEL_INTEGRATION_EVENT, {
    // An event waiting for its integration's IntegrationCreated is retried for about seven hours (30 s
    // doubling to an hour), Mews' own redeliveries included; then the job is `failed` for an operator.
    maxAttempts: 12,
    backoffMs: 30_000,
    maxBackoffMs: 3_600_000,
    run: ({ integrationId }) => applyIntegrationEvents(deps, integrationId),
  });
  return registerInviteEmailJob(registry, deps);
}

/** The invite emails alone: what the hotels command runs at once after recording a first admin's link. */
export function registerInviteEmailJob(registry: JobRegistry, deps: HotelDeps): JobRegistry {
  return registry.register(HOTEL_INVITE_EMAIL, {
    maxAttempts: 12,
    run: async ({ inviteId }) => {
      const message = await inviteEmail(deps, inviteId, deps.clock());
      if (message) await deps.mailer.send(message);
      else deps.logger.info({ inviteId }, 'an invite was used or lapsed before its email went out; not sent');
    },
  });
}
