import type { AlertReason } from '../db/schema.ts';
import { instantAlert } from './alert-emails.ts';
import { unsubscribeUrl } from './alert-links.ts';
import type { AlertDeps } from './deps.ts';
import { markNoticesSent, readNoticeDetails } from './notice-details.ts';

/**
 * Emails the unsent instant notices of one listing change (the `alerts.send_instant` job), marking each as soon
 * as it is sent, so a retry after a failure sends only the rest. A stay no longer for sale, a paused or deleted
 * search, or a person without an address is marked done without an email.
 */
export async function sendInstantAlerts(deps: AlertDeps, change: { listingId: string; reason: AlertReason }) {
  const notices = await readNoticeDetails(deps.db, deps.clock(), { ...change, channel: 'instant' });
  for (const notice of notices) {
    if (notice.email && notice.forSale && !notice.paused) {
      const link = unsubscribeUrl(deps, { kind: 'search', id: notice.searchId });
      await deps.mailer.send(
        instantAlert(notice.email, notice.searchName, notice.stay, { publicUrl: deps.publicUrl, unsubscribeUrl: link }),
      );
    }
    await markNoticesSent(deps.db, [notice.key], deps.clock());
  }
}
