import { sql, type Kysely, type SqlBool } from 'kysely';
import type { SavedQuery } from '../../contract/alerts.ts';
import { SEARCH_DEFAULT_CURRENCY } from '../../contract/display-currencies.ts';
import type { Database } from '../db/schema.ts';
import { searchFilter } from '../listings/search.ts';
import { asSearchQuery, refreshStalePlaces } from './saved-search-index.ts';

/**
 * Distinct queries confirmed per statement: under PostgreSQL's 1,664 columns in a select list, and at most about
 * a dozen parameters each, well under its 65,535 parameters.
 */
const CONFIRM_CHUNK = 1_000;

export interface MatchableListing {
  id: string;
  place_id: number;
  geo_cell: number | null;
  start_utc: Date;
  end_utc: Date;
  price_cents: number;
  /** The price in euro cents (migration 0061), which the search filter's price bounds are compared with. */
  price_eur_cents: number | null;
}

export interface MatchingSearch {
  id: string;
  user_id: string;
  frequency: 'instant' | 'daily';
  created_at: Date;
}

interface Candidate extends MatchingSearch {
  /** The saved query as stored text: many candidates share one, and only each distinct one is parsed. */
  query_text: string;
}

const isoDay = (date: Date) => new Date(date).toISOString().slice(0, 10);

/**
 * The saved searches (not paused) that match the listing now. Only searches that could match are read: those
 * naming the listing's place, those whose map area covers its cell, and those with neither, each narrowed by
 * date and price range through the indexes of migrations 0050 and 0142. Each candidate is then decided by the
 * marketplace's own search filter on the listing row, so an alert matches exactly what the search would show.
 */
export async function findMatchingSearches(
  db: Kysely<Database>,
  listing: MatchableListing,
  now: Date,
): Promise<MatchingSearch[]> {
  await refreshStalePlaces(db, listing.place_id);
  const candidates = await findCandidates(db, listing);
  return confirmWithSearchFilter(db, listing, candidates, now);
}

function findCandidates(db: Kysely<Database>, listing: MatchableListing): Promise<Candidate[]> {
  const startDay = isoDay(listing.start_utc);
  // A stay fits a search's end date when it checks out on or before that day (search.ts: end_utc < endDate + 1).
  const endDay = isoDay(new Date(new Date(listing.end_utc).getTime() - 1));
  // A search's price bounds are in its own currency, the listing's price in another perhaps: the price is put in
  // the search's currency at the stored rate, as the search filter converts its bounds. A cent of slack either
  // way keeps floating-point rounding from dropping a candidate that the filter would confirm.
  const priceInSearchCurrency = sql<number>`${listing.price_eur_cents}::float8 * (select units_per_euro from exchange_rates
    where currency = coalesce(saved_searches.query->>'currency', ${SEARCH_DEFAULT_CURRENCY}))`;
  const base = () =>
    db
      .selectFrom('saved_searches')
      .select(['id', 'user_id', 'frequency', 'created_at', sql<string>`query::text`.as('query_text')])
      .where('paused', '=', false)
      // A search without a start or an end date is unbounded that way; written so, the "anywhere" searches' index
      // (migration 0142) narrows by both dates at once.
      .where(sql<SqlBool>`coalesce(start_date, '-infinity'::date) <= ${startDay}::date`)
      .where(sql<SqlBool>`coalesce(end_date, 'infinity'::date) >= ${endDay}::date`)
      .where((eb) =>
        eb.or([eb('min_price_cents', 'is', null), sql<SqlBool>`min_price_cents <= ${priceInSearchCurrency} + 1`]),
      )
      .where((eb) =>
        eb.or([eb('max_price_cents', 'is', null), sql<SqlBool>`max_price_cents >= ${priceInSearchCurrency} - 1`]),
      );
  const byPlace = base()
    .where('has_text', '=', true)
    .where(sql<SqlBool>`place_ids @> ${`{${listing.place_id}}`}::integer[]`);
  const anywhere = base().where('has_text', '=', false).where('cells', 'is', null);
  const query =
    listing.geo_cell === null
      ? byPlace.unionAll(anywhere)
      : byPlace.unionAll(anywhere).unionAll(
          base()
            .where('has_text', '=', false)
            .where(sql<SqlBool>`cells @> ${`{${listing.geo_cell}}`}::integer[]`),
        );
  return query.execute();
}

/**
 * Evaluates the search filter of each distinct candidate query on the one listing row: one boolean column per
 * query, all in one statement (a column list is planned once, where a union of sub-selects is planned per
 * branch). Searches naming a place were found through the listing's own place, so their place condition is
 * that place.
 */
async function confirmWithSearchFilter(
  db: Kysely<Database>,
  listing: MatchableListing,
  candidates: Candidate[],
  now: Date,
): Promise<MatchingSearch[]> {
  const groups = new Map<string, Candidate[]>();
  for (const candidate of candidates) {
    const group = groups.get(candidate.query_text);
    if (group) group.push(candidate);
    else groups.set(candidate.query_text, [candidate]);
  }
  const entries = [...groups.values()];
  const matched: MatchingSearch[] = [];
  for (let from = 0; from < entries.length; from += CONFIRM_CHUNK) {
    const chunk = entries.slice(from, from + CONFIRM_CHUNK);
    const columns = chunk.map((group, index) => {
      const search = asSearchQuery(JSON.parse(group[0]!.query_text) as SavedQuery);
      const placeIds = search.location || search.hotelName ? [listing.place_id] : undefined;
      return sql<boolean>`${searchFilter(search, placeIds, now)}`.as(`m${index}`);
    });
    const row = (await db
      .selectFrom('listings')
      .select(columns)
      .where('listings.id', '=', listing.id)
      .executeTakeFirst()) as Record<string, boolean> | undefined;
    if (!row) return [];
    chunk.forEach((group, index) => {
      if (row[`m${index}`]) matched.push(...group);
    });
  }
  return matched.map(({ id, user_id, frequency, created_at }) => ({ id, user_id, frequency, created_at }));
}
