import type { Kysely } from 'kysely';
import type { SearchQuery } from '../../contract/search.ts';
import type { Database } from '../db/schema.ts';
import { toListingDto } from './listing-dto.ts';
import { searchListings } from './search.ts';

/**
 * GET /api/listings' body: a page of active stays (the same for every viewer) and what the search matched. The
 * unfiltered marketplace page carries the same body (`seo/spa-page.ts`).
 */
export async function searchReply(db: Kysely<Database>, query: SearchQuery, now: Date) {
  const { rows, meta } = await searchListings(db, query, now);
  return { success: true as const, data: rows.map((row) => toListingDto(row, null)), meta };
}
