import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { SEARCH_TOTAL_CAP, type SearchMeta, type SearchQuery } from '../../contract/search.ts';
import type { Database } from '../db/schema.ts';
import type { ListingWithSeller } from './listing-dto.ts';

const DAY_MS = 86_400_000;

/** `%` and `_` typed by a user are literal characters, not LIKE wildcards. */
function likeContains(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The filters of one search. Text is matched against the stored folded columns of migration 0004, which carry
 * the trigram indexes; the term is folded in SQL too, so the
 * SPA's "zurich" and the stored "Zürich" meet on the same unaccent rules.
 */
function searchFilters(query: SearchQuery, now: Date) {
  return (eb: ExpressionBuilder<Database, 'listings'>) => {
    const filters: Expression<SqlBool>[] = [
      eb('listings.status', '=', 'active'),
      eb('listings.start_utc', '>', now),
    ];
    if (query.location) {
      filters.push(
        sql<SqlBool>`listings.search_text like public.restay_fold(${likeContains(query.location)})`,
      );
    }
    if (query.hotelName) {
      filters.push(sql<SqlBool>`listings.hotel_search_text like public.restay_fold(${likeContains(query.hotelName)})`);
    }
    // Check-in and check-out are compared as UTC calendar days: a stay checking out on endDate at any hour fits.
    if (query.startDate) filters.push(eb('listings.start_utc', '>=', new Date(`${query.startDate}T00:00:00Z`)));
    if (query.endDate) {
      filters.push(eb('listings.end_utc', '<', new Date(Date.parse(`${query.endDate}T00:00:00Z`) + DAY_MS)));
    }
    if (query.minPrice !== undefined) filters.push(eb('listings.price_cents', '>=', Math.round(query.minPrice * 100)));
    if (query.maxPrice !== undefined) filters.push(eb('listings.price_cents', '<=', Math.round(query.maxPrice * 100)));
    if (query.bounds) {
      const { south, west, north, east } = query.bounds;
      filters.push(eb('listings.latitude', '>=', south), eb('listings.latitude', '<=', north));
      // A box whose west edge is east of its east edge crosses the antimeridian.
      filters.push(
        west <= east
          ? eb.and([eb('listings.longitude', '>=', west), eb('listings.longitude', '<=', east)])
          : eb.or([eb('listings.longitude', '>=', west), eb('listings.longitude', '<=', east)]),
      );
    }
    return eb.and(filters);
  };
}

export interface SearchResult {
  rows: ListingWithSeller[];
  meta: SearchMeta;
}

/** One page of matching listings, the number of matches, and the price ceiling for the SPA's slider. */
export async function searchListings(db: Kysely<Database>, query: SearchQuery, now: Date): Promise<SearchResult> {
  const where = searchFilters(query, now);
  let page = db
    .selectFrom('listings')
    .leftJoin('profiles', 'profiles.id', 'listings.seller_id')
    .selectAll('listings')
    .select('profiles.first_name')
    .where(where);
  page =
    query.sort === 'price_asc'
      ? page.orderBy('listings.price_cents', 'asc')
      : query.sort === 'price_desc'
        ? page.orderBy('listings.price_cents', 'desc')
        : query.sort === 'checkin'
          ? page.orderBy('listings.start_utc', 'asc')
          : page.orderBy('listings.created_at', 'desc');
  // The id breaks ties, so paging never shows a listing twice or skips one.
  page = page.orderBy('listings.id').limit(query.pageSize).offset((query.page - 1) * query.pageSize);


  const offset = (query.page - 1) * query.pageSize;
  const [rows, ceiling] = await Promise.all([
    page.execute(),
    db
      .selectFrom('listings')
      .select((eb) => eb.fn.max('listings.price_cents').as('max'))
      .where('listings.status', '=', 'active')
      .executeTakeFirstOrThrow(),
  ]);
  // A page that is not full is the last one, so it already tells the total; only full pages need a count.
  const lastPageKnown = rows.length < query.pageSize && (rows.length > 0 || offset === 0);
  const total = lastPageKnown ? offset + rows.length : await countMatches(db, where);
  return {
    rows,
    meta: {
      page: query.page,
      pageSize: query.pageSize,
      total: Math.min(total, SEARCH_TOTAL_CAP),
      totalCapped: total > SEARCH_TOTAL_CAP,
      priceCeiling: ceiling.max === null ? null : Number(ceiling.max) / 100,
    },
  };
}

/**
 * Counting stops after SEARCH_TOTAL_CAP + 1 matches: an exact count of a popular city at a million listings
 * visits tens of thousands of scattered table pages, and nobody pages through more than a thousand stays.
 */
async function countMatches(db: Kysely<Database>, where: ReturnType<typeof searchFilters>): Promise<number> {
  const row = await db
    .selectFrom(db.selectFrom('listings').select(sql<number>`1`.as('one')).where(where).limit(SEARCH_TOTAL_CAP + 1).as('matches'))
    .select((eb) => eb.fn.countAll<string | number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
