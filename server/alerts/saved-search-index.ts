import { sql, type Kysely } from 'kysely';
import type { SavedQuery } from '../../contract/alerts.ts';
import { searchQuerySchema, type SearchQuery } from '../../contract/search.ts';
import type { Database } from '../db/schema.ts';
import type { Executor } from '../db/transaction.ts';
import { boxCells } from '../listings/geo-cells.ts';
import { lookUpPlacesAddedSince } from '../listings/search-places.ts';

/** A saved query read the way the marketplace reads its URL (contract/search.ts), defaults included. */
export function asSearchQuery(query: SavedQuery): SearchQuery {
  return searchQuerySchema.parse(query);
}

const cents = (amount: number | undefined) => (amount === undefined ? null : Math.round(amount * 100));

/**
 * The columns that let a listing find the saved searches it could match (migration 0050): the places a text
 * search names (by the search's own place lookup), the cells of a map area, the date range and the price range.
 * They only narrow the candidates; the search filter itself decides (match-listing.ts).
 */
export async function indexColumns(db: Kysely<Database>, query: SavedQuery) {
  const search = asSearchQuery(query);
  const hasText = Boolean(search.location || search.hotelName);
  const places = hasText ? await lookUpPlacesAddedSince(db, search, 0) : undefined;
  return {
    has_text: hasText,
    place_ids: places?.ids ?? null,
    places_upto: places?.newestPlaceId ?? null,
    cells: !hasText && search.bounds ? (boxCells(search.bounds) ?? null) : null,
    start_date: search.startDate ?? null,
    end_date: search.endDate ?? null,
    min_price_cents: cents(search.minPrice),
    max_price_cents: cents(search.maxPrice),
  };
}

/**
 * Brings the places of every text search up to date with places added after its own lookup (a new hotel or
 * city), so that the place index finds them. Places only grow, so only the new ones are looked at, once per
 * distinct pair of text terms (many searches share them).
 */
export async function refreshStalePlaces(db: Executor, placeId: number): Promise<void> {
  const stale = await db
    .selectFrom('saved_searches')
    .select([
      sql<string | null>`query->>'location'`.as('location'),
      sql<string | null>`query->>'hotelName'`.as('hotelName'),
      (eb) => eb.fn.min('places_upto').as('upto'),
    ])
    .where('has_text', '=', true)
    .where('places_upto', '<', placeId)
    .groupBy([sql`query->>'location'`, sql`query->>'hotelName'`])
    .execute();
  for (const terms of stale) {
    const search = asSearchQuery({ location: terms.location ?? undefined, hotelName: terms.hotelName ?? undefined });
    const added = await lookUpPlacesAddedSince(db as Kysely<Database>, search, Number(terms.upto ?? 0));
    const ids = `{${added.ids.join(',')}}`;
    await db
      .updateTable('saved_searches')
      .set({
        // Each search gains only the places newer than its own lookup.
        place_ids: sql<
          number[]
        >`place_ids || array(select id from unnest(${ids}::integer[]) id where id > places_upto)`,
        places_upto: added.newestPlaceId,
      })
      .where('has_text', '=', true)
      .where('places_upto', '<', added.newestPlaceId)
      .where(sql<boolean>`query->>'location' is not distinct from ${terms.location}`)
      .where(sql<boolean>`query->>'hotelName' is not distinct from ${terms.hotelName}`)
      .execute();
  }
}
