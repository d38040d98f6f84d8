import { sql } from 'kysely';
import { INSTANT_ALERTS_PER_DAY } from '../../contract/alerts.ts';
import type { AlertReason } from '../db/schema.ts';
import type { Executor } from '../db/transaction.ts';
import { enqueueInstantAlerts } from './job-types.ts';
import type { MatchingSearch } from './match-listing.ts';

const DAY_MS = 86_400_000;

/** A PostgreSQL array literal of values that need no quoting (uuids, channel names): one text parameter. */
const textArray = (values: string[]) => `{${values.join(',')}}`;

export interface ListingChange {
  listingId: string;
  reason: AlertReason;
  priceCents: number;
  previousPriceCents: number | null;
}

/**
 * Turns matches into at most one notice per person, stay and reason (the table's key), whichever of their
 * searches matched: an instant search wins over a daily one, then the oldest (then the lowest id). A person already sent
 * INSTANT_ALERTS_PER_DAY instant alerts in the last 24 hours gets the rest in their digest. Their settings rows
 * are locked in id order first, so two listings matched at once count one person's alerts one after the other.
 * New instant notices get one email job for the change. Returns the number of new notices.
 */
export async function recordNotices(
  trx: Executor,
  change: ListingChange,
  matches: MatchingSearch[],
  now: Date,
): Promise<number> {
  const chosen = new Map<string, MatchingSearch>();
  for (const match of matches) {
    const current = chosen.get(match.user_id);
    if (!current || preferred(match, current)) chosen.set(match.user_id, match);
  }
  if (!chosen.size) return 0;
  const userIds = [...chosen.keys()].sort();
  const users = sql`${`{${userIds.join(',')}}`}::uuid[]`;
  // The settings rows are locked and each person's instant alerts of the last 24 hours counted in one round trip.
  const { rows: sentToday } = await sql<{ user_id: string; n: string }>`
    select s.user_id,
      (select count(*) from alert_notices n
        where n.user_id = s.user_id and n.channel = 'instant' and n.created_at > ${new Date(now.getTime() - DAY_MS)}) as n
    from alert_settings s where s.user_id = any(${users})
    order by s.user_id for update of s`.execute(trx);
  const counts = new Map(sentToday.map((row) => [row.user_id, Number(row.n)]));
  const channels = userIds.map((userId) => {
    const search = chosen.get(userId)!;
    const instant = search.frequency === 'instant' && (counts.get(userId) ?? 0) < INSTANT_ALERTS_PER_DAY;
    return instant ? 'instant' : 'digest';
  });
  const searchIds = userIds.map((userId) => chosen.get(userId)!.id);
  // One row per person from three arrays: a few parameters however many people are told, where a row of
  // values each would make thousands for PostgreSQL to parse.
  const { rows: inserted } = await sql<{ user_id: string; channel: 'instant' | 'digest' }>`
    insert into alert_notices
      (user_id, saved_search_id, channel, listing_id, reason, price_cents, previous_price_cents, created_at)
    select told.user_id, told.saved_search_id, told.channel, ${change.listingId}::uuid, ${change.reason},
      ${change.priceCents}::integer, ${change.previousPriceCents}::integer, ${now}::timestamptz
    from unnest(${users}, ${textArray(searchIds)}::uuid[], ${textArray(channels)}::text[])
      as told(user_id, saved_search_id, channel)
    on conflict (user_id, listing_id, reason) do nothing
    returning user_id, channel`.execute(trx);
  if (inserted.some((notice) => notice.channel === 'instant')) await enqueueInstantAlerts(trx, change, now);
  return inserted.length;
}

function preferred(search: MatchingSearch, than: MatchingSearch): boolean {
  if (search.frequency !== than.frequency) return search.frequency === 'instant';
  const age = new Date(search.created_at).getTime() - new Date(than.created_at).getTime();
  return age === 0 ? search.id < than.id : age < 0;
}
