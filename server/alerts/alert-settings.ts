import { DEFAULT_DIGEST_HOUR } from '../../contract/alerts.ts';
import type { Executor } from '../db/transaction.ts';
import { nextDigestAt } from './digest-time.ts';
import { enqueueDigest } from './job-types.ts';

export interface DigestPreferences {
  digestHour?: number;
  timeZone?: string;
}

/**
 * Creates or changes the person's digest hour and time zone (kept when not given), and schedules their next
 * digest for the next time that hour comes round there (a job due then; the one for the old time stands down).
 */
export async function saveAlertSettings(trx: Executor, userId: string, preferences: DigestPreferences, now: Date) {
  const current = await trx
    .selectFrom('alert_settings')
    .selectAll()
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  const hour = preferences.digestHour ?? current?.digest_hour ?? DEFAULT_DIGEST_HOUR;
  const timeZone = preferences.timeZone ?? current?.time_zone ?? 'UTC';
  if (current && current.digest_hour === hour && current.time_zone === timeZone) return;
  const next = nextDigestAt(now, hour, timeZone);
  const values = { digest_hour: hour, time_zone: timeZone, next_digest_at: next };
  await trx
    .insertInto('alert_settings')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
  await enqueueDigest(trx, userId, next, now);
}
