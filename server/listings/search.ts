import { expressionBuilder, sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { SEARCH_TOTAL_CAP, type SearchMeta, type SearchQuery, type SearchSort } from '../../contract/search.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { boxCells } from './geo-cells.ts';
import { hotelApprovesListing } from './hotel-approval.ts';
import { LISTING_DTO_COLUMNS, type ListingWithSeller } from './listing-dto.ts';
import { lookUpPlaces, newestPlaceId, rememberedPlaces, type PlaceMatch } from './search-places.ts';

const DAY_MS = 86_400_000;

/** A PostgreSQL array literal, which both drivers pass as one text parameter. */
const intArray = (values: number[]) => `{${values.join(',')}}`;

type Filter = Expression<SqlBool>;

/**
 * How a search's price bounds are compared: `converted`, the normalised euro price against the bounds converted
 * at the stored rates (what the indexes serve); `own_currency`, before any rate is stored (a fresh database
 * whose first read of the rates failed), the price of stays in the visitor's own currency alone.
 */
type PriceBounds = 'converted' | 'own_currency';

/**
 * The conditions of one search, written so that the indexes of migration 0005 can serve them. Saved-search
 * alerts decide whether a listing matches with this same filter (server/alerts/match-listing.ts).
 */
export function searchFilter(
  query: SearchQuery,
  placeIds: PlaceMatch['ids'] | undefined,
  now: Date,
  prices: PriceBounds = 'converted',
): Filter {
  // Text that names no place cannot match a listing.
  if (placeIds?.length === 0) return sql<SqlBool>`false`;
  const eb = expressionBuilder<Database, 'listings'>();
  const filters: Expression<SqlBool>[] = [eb('listings.status', '=', 'active'), eb('listings.start_utc', '>', now)];
  if (placeIds) filters.push(sql<SqlBool>`listings.place_id = any(${intArray(placeIds)}::integer[])`);
  // Check-in and check-out are compared as UTC calendar days: a stay checking out on endDate at any hour fits.
  if (query.startDate) filters.push(eb('listings.start_utc', '>=', new Date(`${query.startDate}T00:00:00Z`)));
  if (query.endDate) {
    const dayAfter = new Date(Date.parse(`${query.endDate}T00:00:00Z`) + DAY_MS);
    // Implied by the check-out bound (a stay ends after it starts); stated so the index range on check-in has
    // an upper end too.
    filters.push(eb('listings.end_utc', '<', dayAfter), eb('listings.start_utc', '<', dayAfter));
  }
  // The bounds are in the visitor's currency: converted once to euro cents, they are one range on the normalised
  // price, which the indexes carry (migration 0061), instead of converting every listing's price.
  const inEuroCents = (amount: number) =>
    sql<number>`${Math.round(amount * 100)}::float8 / ${unitsPerEuro(query.currency)}`;
  const bounded = query.minPrice !== undefined || query.maxPrice !== undefined;
  if (prices === 'own_currency' && bounded) {
    // Without a rate no other currency's price can be compared with the bounds: only stays priced in this one.
    filters.push(eb('listings.currency', '=', query.currency));
    if (query.minPrice !== undefined) filters.push(eb('listings.price_cents', '>=', Math.round(query.minPrice * 100)));
    if (query.maxPrice !== undefined) filters.push(eb('listings.price_cents', '<=', Math.round(query.maxPrice * 100)));
  } else {
    if (query.minPrice !== undefined) filters.push(eb('listings.price_eur_cents', '>=', inEuroCents(query.minPrice)));
    if (query.maxPrice !== undefined) filters.push(eb('listings.price_eur_cents', '<=', inEuroCents(query.maxPrice)));
  }
  if (query.hotelApproved) filters.push(hotelApprovesListing());
  if (query.bounds) {
    const { south, west, north, east } = query.bounds;
    const cells = boxCells(query.bounds);
    if (cells) filters.push(sql<SqlBool>`listings.geo_cell = any(${intArray(cells)}::integer[])`);
    // A box whose west edge is east of its east edge crosses the antimeridian.
    const longitude =
      west <= east
        ? sql`listings.longitude between ${west}::float8 and ${east}::float8`
        : sql`(listings.longitude >= ${west}::float8 or listings.longitude <= ${east}::float8)`;
    // The exact test, inside a CASE on purpose: PostgreSQL estimates a CASE as one condition of unknown
    // selectivity (one half), where it would multiply the latitude and longitude ranges as if independent and
    // take a city-sized box for a rare one. The cells above carry the real estimate.
    filters.push(sql<SqlBool>`(case when listings.latitude between ${south}::float8 and ${north}::float8
        and ${longitude} then true else false end)`);
  }
  return eb.and(filters);
}

/** Whether the rates job has stored any rate yet. */
const anyRateStored = async (db: Kysely<Database>) =>
  (await db.selectFrom('exchange_rates').select('currency').limit(1).executeTakeFirst()) !== undefined;

/** Units of `currency` per euro, as stored by the rates job; null for a currency without a rate. */
const unitsPerEuro = (currency: string) =>
  sql<number | null>`(select units_per_euro from exchange_rates where currency = ${currency})`;

/** Each sort's column and direction; the id breaks ties in the same direction, so one index serves both. */
const ORDER = {
  newest: ['created_at', 'desc'],
  // By the normalised price: the same order in every currency the visitor may choose.
  price_asc: ['price_eur_cents', 'asc'],
  price_desc: ['price_eur_cents', 'desc'],
  checkin: ['start_utc', 'asc'],
} as const satisfies Record<SearchSort, readonly [string, 'asc' | 'desc']>;

export interface SearchResult {
  rows: ListingWithSeller[];
  meta: SearchMeta;
}

/** One page of matching listings, the number of matches, and the price ceiling for the SPA's slider. */
export async function searchListings(db: Kysely<Database>, query: SearchQuery, now: Date): Promise<SearchResult> {
  const offset = (query.page - 1) * query.pageSize;
  const hasText = Boolean(query.location || query.hotelName);
  let places = hasText ? (rememberedPlaces(db, query) ?? (await lookUpPlaces(db, query))) : undefined;
  let found = await findPage(db, searchFilter(query, places?.ids, now), query, offset, hasText);
  if (places && Number(found[0]?.newest_place_id ?? 0) !== places.newestPlaceId) {
    // A place was added since the terms were looked up: it may match them, so look again.
    places = await lookUpPlaces(db, query);
    found = await findPage(db, searchFilter(query, places.ids, now), query, offset, hasText);
  }
  if (found[0]?.units_per_euro == null) {
    if (await anyRateStored(db)) {
      const message = `Prices cannot be shown in ${query.currency}: no exchange rate is known for it.`;
      throw new AppError('VALIDATION_ERROR', message, [{ field: 'currency', message }]);
    }
    // No rates yet: every stay is shown at its own price (none with an estimate in another currency); price
    // bounds keep to the visitor's currency. The rates job keeps trying (server/rates/jobs.ts).
    if (query.minPrice !== undefined || query.maxPrice !== undefined)
      found = await findPage(db, searchFilter(query, places?.ids, now, 'own_currency'), query, offset, hasText);
  }
  const first = found[0];
  const rows = found.filter((row): row is (typeof found)[number] & ListingWithSeller => row.id !== null);
  // No count when the page itself shows where the matches end (see findPage).
  const total = first?.match_count == null ? offset + rows.length : Number(first.match_count);
  return {
    rows,
    meta: {
      page: query.page,
      pageSize: query.pageSize,
      total: Math.min(total, SEARCH_TOTAL_CAP),
      totalCapped: total > SEARCH_TOTAL_CAP,
      // Converted, then rounded to the cent as every amount is.
      priceCeiling: first?.price_ceiling == null ? null : Math.round(Number(first.price_ceiling)) / 100,
    },
  };
}

/**
 * The page, the match count, the price ceiling and the newest place's id in one statement: each round trip to
 * the database costs more than these index reads themselves (measured by `npm run bench:search`).
 *
 * The page's ids come first, from an index-only scan of a covering index in the page's order; only those
 * rows are then read from the table, since reading whole rows while filtering would visit every rejected
 * listing's table page too. The meta row is left-joined to the page, so it arrives even when the page is
 * empty; every listing column is then null.
 *
 * Counting stops after SEARCH_TOTAL_CAP + 1 matches (nobody pages through more than a thousand stays, and an
 * exact count of a popular city would read every one of its listings), and runs only when the page is full
 * or lies beyond the last match: otherwise the page itself says where the matches end. PostgreSQL evaluates a
 * CASE branch's sub-select only when the branch is taken. The newest place's id is read only by searches whose
 * text became place ids (see searchListings).
 */
function findPage(db: Kysely<Database>, where: Filter, query: SearchQuery, offset: number, usesPlaces: boolean) {
  const [column, direction] = ORDER[query.sort];
  const matches = db
    .selectFrom(
      db
        .selectFrom('listings')
        .select(sql<number>`1`.as('one'))
        .where(where)
        .limit(SEARCH_TOTAL_CAP + 1)
        .as('m'),
    )
    .select((eb) => eb.fn.countAll().as('n'));
  const ceiling = db
    .selectFrom('listings')
    .select((eb) => eb.fn.max('listings.price_eur_cents').as('max'))
    .where('listings.status', '=', 'active');
  const pageTellsTotal = sql<SqlBool>`(select count(*) from page) between ${offset === 0 ? 0 : 1} and ${query.pageSize - 1}`;
  const meta = sql<{
    price_ceiling: number | null;
    units_per_euro: number | null;
    match_count: string | number | null;
    newest_place_id: number | null;
  }>`(select
    (${ceiling}) * ${unitsPerEuro(query.currency)} as price_ceiling,
    ${unitsPerEuro(query.currency)} as units_per_euro,
    ${usesPlaces ? newestPlaceId : sql`null::integer`} as newest_place_id,
    case when ${pageTellsTotal} then null else (${matches}) end as match_count)`;
  return db
    .with('page', (cte) =>
      cte
        .selectFrom('listings')
        .select(['listings.id', `listings.${column} as sort_key`])
        .where(where)
        .orderBy(`listings.${column}`, direction)
        .orderBy('listings.id', direction)
        .limit(query.pageSize)
        .offset(offset),
    )
    .selectFrom(meta.as('meta'))
    .leftJoin('page', (join) => join.on(sql<SqlBool>`true`))
    .leftJoin('listings', 'listings.id', 'page.id')
    .leftJoin('profiles', 'profiles.id', 'listings.seller_id')
    .select([
      ...LISTING_DTO_COLUMNS,
      'profiles.first_name',
      'meta.price_ceiling',
      'meta.units_per_euro',
      'meta.match_count',
      'meta.newest_place_id',
    ])
    .orderBy('page.sort_key', direction)
    .orderBy('page.id', direction)
    .execute();
}
