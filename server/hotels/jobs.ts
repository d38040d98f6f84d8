import type { JobRegistry } from '../jobs/registry.ts';
import { applyIntegrationEvent } from './apply-integration-event.ts';
import type { HotelDeps } from './deps.ts';
import { HOTEL_INTEGRATION_EVENT } from './integration-events.ts';
import { HOTEL_INVITE_EMAIL, inviteEmail } from './invites.ts';

/** The hotels' job kinds (server/jobs/README.md): applying integration events and sending invite emails. */
export function registerHotelJobs(registry: JobRegistry, deps: HotelDeps): JobRegistry {
  return registry
    .register(HOTEL_INTEGRATION_EVENT, {
      maxAttempts: 10,
      backoffMs: 10_000,
      run: ({ eventId }) => applyIntegrationEvent(deps, eventId),
    })
    .register(HOTEL_INVITE_EMAIL, {
      maxAttempts: 12,
      run: async ({ inviteId }) => {
        const message = await inviteEmail(deps, inviteId, deps.clock());
        if (message) await deps.mailer.send(message);
        else deps.logger.info({ inviteId }, 'an invite was used or lapsed before its email went out; not sent');
      },
    });
}
