import { inTransaction } from '../db/transaction.ts';
import { dailyDigest, type DigestSection } from './alert-emails.ts';
import { unsubscribeUrl } from './alert-links.ts';
import type { AlertDeps } from './deps.ts';
import { nextDigestAt } from './digest-time.ts';
import { enqueueDigest } from './job-types.ts';
import { markNoticesSent, readNoticeDetails, type NoticeDetails } from './notice-details.ts';

/**
 * One person's daily digest (the `alerts.send_digest` job due at `dueAt`): one email with the stays their daily
 * searches (and instant ones past the daily cap) found since the last one, leaving out stays sold, held or
 * expired by now and searches paused since. Then the notices are marked and the next digest is scheduled for
 * their hour tomorrow, in their time zone. A job whose time is no longer the person's (they changed their hour)
 * does nothing: the job for the new time does it.
 */
export async function sendDigest(deps: AlertDeps, userId: string, dueAt: Date): Promise<void> {
  const settings = await deps.db
    .selectFrom('alert_settings')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!settings || new Date(settings.next_digest_at).getTime() !== dueAt.getTime()) return;
  const now = deps.clock();
  const notices = await readNoticeDetails(deps.db, now, { userId, channel: 'digest' });
  const kept = notices.filter((notice) => notice.forSale && !notice.paused);
  const email = notices[0]?.email;
  if (kept.length && email) {
    const link = unsubscribeUrl(deps, { kind: 'person', id: userId });
    await deps.mailer.send(
      dailyDigest(email, sections(deps, kept), { publicUrl: deps.publicUrl, unsubscribeUrl: link }),
    );
  }
  const next = nextDigestAt(now, settings.digest_hour, settings.time_zone);
  await inTransaction(deps.db, async (trx) => {
    await markNoticesSent(
      trx,
      notices.map((notice) => notice.key),
      now,
    );
    const moved = await trx
      .updateTable('alert_settings')
      .set({ next_digest_at: next })
      .where('user_id', '=', userId)
      .where('next_digest_at', '=', dueAt)
      .executeTakeFirst();
    if (moved.numUpdatedRows) await enqueueDigest(trx, userId, next, now);
  });
}

function sections(deps: AlertDeps, notices: NoticeDetails[]): DigestSection[] {
  const bySearch = new Map<string, DigestSection>();
  for (const notice of notices) {
    let section = bySearch.get(notice.searchId);
    if (!section) {
      section = {
        searchName: notice.searchName,
        unsubscribeUrl: unsubscribeUrl(deps, { kind: 'search', id: notice.searchId }),
        stays: [],
      };
      bySearch.set(notice.searchId, section);
    }
    section.stays.push(notice.stay);
  }
  return [...bySearch.values()];
}
