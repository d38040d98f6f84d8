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
 * One class of PostgreSQL advisory lock (two-key form, class and 0): recordings take turns, so two listings matched
 * at once count one person's instant alerts one after the other. One lock per recording, where locking each
 * person's settings row cost a row write per person told (thousands for a popular stay).
 */
const NOTICES_LOCK_CLASS = 20_260_020;

/**
 * Turns matches into at most one notice per person, stay and reason (the table's key), whichever of their
 * searches matched: an instant search wins over a daily one, then the oldest (then the lowest id). A person already
 * sent INSTANT_ALERTS_PER_DAY instant alerts in the last 24 hours gets the rest in their digest. The notices are
 * written, with that count, in one statement. New instant notices get one email job for the change, which sends
 * them. Returns the number of new notices.
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
  const told = [...chosen.values()];
  const wantInstant = told.filter((search) => search.frequency === 'instant').map((search) => search.user_id);
  await sql`select pg_advisory_xact_lock(${NOTICES_LOCK_CLASS}, 0)`.execute(trx);
  // One row per person from three arrays: a few parameters however many people are told, where a row of values
  // each would make thousands for PostgreSQL to parse. Only people who want instant alerts are counted. What comes
  // back is how many were written and whether any is instant, not a row per person told.
  const recording = sql<{ written: number; instant: boolean }>`
    with sent_today as (
      select n.user_id, count(*) as n from alert_notices n
      where n.user_id = any(${textArray(wantInstant)}::uuid[]) and n.channel = 'instant'
        and n.created_at > ${new Date(now.getTime() - DAY_MS)}
      group by n.user_id
    ), written as (
      insert into alert_notices
        (user_id, saved_search_id, channel, listing_id, reason, price_cents, previous_price_cents, created_at)
      select told.user_id, told.saved_search_id,
        case when told.frequency = 'instant' and coalesce(sent_today.n, 0) < ${INSTANT_ALERTS_PER_DAY}
          then 'instant' else 'digest' end,
        ${change.listingId}::uuid, ${change.reason}, ${change.priceCents}::integer,
        ${change.previousPriceCents}::integer, ${now}::timestamptz
      from unnest(
        ${textArray(told.map((search) => search.user_id))}::uuid[],
        ${textArray(told.map((search) => search.id))}::uuid[],
        ${textArray(told.map((search) => search.frequency))}::text[]
      ) as told(user_id, saved_search_id, frequency)
      left join sent_today on sent_today.user_id = told.user_id
      on conflict (user_id, listing_id, reason) do nothing
      returning channel
    )
    select count(*)::integer as written, coalesce(bool_or(channel = 'instant'), false) as instant from written`;
  const { written, instant } = (await recording.execute(trx)).rows[0]!;
  if (instant) await enqueueInstantAlerts(trx, change, now);
  return written;
}

function preferred(search: MatchingSearch, than: MatchingSearch): boolean {
  if (search.frequency !== than.frequency) return search.frequency === 'instant';
  const age = new Date(search.created_at).getTime() - new Date(than.created_at).getTime();
  return age === 0 ? search.id < than.id : age < 0;
}
