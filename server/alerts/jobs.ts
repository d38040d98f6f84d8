import type { JobRegistry } from '../jobs/registry.ts';
import type { AlertDeps } from './deps.ts';
import { MATCH_LISTING, SEND_DIGEST, SEND_INSTANT_ALERTS } from './job-types.ts';
import { matchListingChange } from './match-listing-change.ts';
import { sendDigest } from './send-digest.ts';
import { sendInstantAlerts } from './send-instant-alerts.ts';

/** The alert job kinds (server/jobs/README.md): matching listing changes, instant emails and daily digests. */
export function registerAlertJobs(registry: JobRegistry, deps: AlertDeps): JobRegistry {
  return registry
    .register(MATCH_LISTING, {
      maxAttempts: 10,
      run: (payload) => matchListingChange(deps, payload).then(() => undefined),
    })
    .register(SEND_INSTANT_ALERTS, { maxAttempts: 10, run: (payload) => sendInstantAlerts(deps, payload) })
    .register(SEND_DIGEST, {
      maxAttempts: 10,
      run: (payload) => sendDigest(deps, payload.userId, new Date(payload.dueAt)),
    });
}
