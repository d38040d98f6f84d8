import { sql, type Kysely, type SqlBool } from 'kysely';
import type { SearchQuery } from '../../contract/search.ts';
import { escapeLike } from '../db/like.ts';
import type { Database } from '../db/schema.ts';

/**
 * The places (migration 0005) whose text matches a search's location and hotel-name filters.
 *
 * Lookups are remembered per term, because a search round trip costs more than the lookup itself. A
 * remembered answer never goes stale unnoticed: places are never changed or removed, and new ones become
 * visible in id order (the listings_place trigger makes their transactions take turns), so an answer is
 * complete as long as no place newer than `newestPlaceId` exists. The search reads the newest id in the same
 * statement as its page and asks again when it has moved (see searchListings).
 */
export interface PlaceMatch {
  ids: number[];
  newestPlaceId: number;
}

type TextTerms = Pick<SearchQuery, 'location' | 'hotelName'>;

const MAX_REMEMBERED = 1_000;

/** The id of the newest place: a search reads it beside its page to know whether its answer is still complete. */
export const newestPlaceId = sql<number | null>`(select max(id) from search_places)`;
/** One memory per database, so two databases in one process (tests, the benchmark) never share answers. */
const memories = new WeakMap<Kysely<Database>, Map<string, PlaceMatch>>();

const likeContains = (term: string) => `%${escapeLike(term)}%`;

const memoryKey = (terms: TextTerms) => JSON.stringify([terms.location ?? null, terms.hotelName ?? null]);

/** The remembered answer for these terms, if any. */
export function rememberedPlaces(db: Kysely<Database>, terms: TextTerms): PlaceMatch | undefined {
  return memories.get(db)?.get(memoryKey(terms));
}

/** The places whose text matches the terms: the one place-matching rule, for searches and saved searches. */
function placesMatching(db: Kysely<Database>, terms: TextTerms) {
  let places = db.selectFrom('search_places');
  if (terms.location) {
    places = places.where(sql<SqlBool>`search_text like public.restay_fold(${likeContains(terms.location)})`);
  }
  if (terms.hotelName) {
    places = places.where(sql<SqlBool>`hotel_search_text like public.restay_fold(${likeContains(terms.hotelName)})`);
  }
  return places;
}

/**
 * The places matching the terms among those added after `afterId`, without touching the memory: a saved search
 * keeps its places and only looks at the ones added since (server/alerts/saved-search-index.ts).
 */
export async function lookUpPlacesAddedSince(
  db: Kysely<Database>,
  terms: TextTerms,
  afterId: number,
): Promise<PlaceMatch> {
  const row = await placesMatching(db, terms)
    .where('id', '>', afterId)
    .select([sql<number[]>`coalesce(array_agg(id), '{}')`.as('ids'), newestPlaceId.as('newest')])
    .executeTakeFirstOrThrow();
  return { ids: row.ids.map(Number), newestPlaceId: Number(row.newest ?? 0) };
}

/** Asks the database (folding the terms there, so "zurich" meets the stored "Zürich") and remembers the answer. */
export async function lookUpPlaces(db: Kysely<Database>, terms: TextTerms): Promise<PlaceMatch> {
  const row = await placesMatching(db, terms)
    .select([sql<number[]>`coalesce(array_agg(id), '{}')`.as('ids'), newestPlaceId.as('newest')])
    .executeTakeFirstOrThrow();
  const match = { ids: row.ids.map(Number), newestPlaceId: Number(row.newest ?? 0) };
  let memory = memories.get(db);
  if (!memory) memories.set(db, (memory = new Map()));
  // Oldest first out: a Map iterates in insertion order.
  if (memory.size >= MAX_REMEMBERED) memory.delete(memory.keys().next().value!);
  memory.set(memoryKey(terms), match);
  return match;
}
