import type { Kysely } from 'kysely';
import { INITIAL_SEARCH_ELEMENT_ID, searchQuerySchema, type SearchQuery } from '../../contract/search.ts';
import type { Database } from '../db/schema.ts';
import { imagePreload } from '../http/html.ts';
import { toListingDto } from './listing-dto.ts';
import { searchListings } from './search.ts';

/** GET /api/listings' body: a page of active stays (the same for every viewer) and what the search matched. */
export async function searchReply(db: Kysely<Database>, query: SearchQuery, now: Date) {
  const { rows, meta } = await searchListings(db, query, now);
  return { success: true as const, data: rows.map((row) => toListingDto(row, null)), meta };
}

/**
 * The marketplace page opened without filters, with its first page of results in a JSON data block and the
 * first card's photo preloaded: the cards and the photo a phone shows first no longer wait for the script to
 * run and then for a second round trip. `<` is escaped so a listing's text cannot end the block.
 */
export async function withInitialSearch(html: string, db: Kysely<Database>, now: Date): Promise<string> {
  const reply = await searchReply(db, searchQuerySchema.parse({}), now);
  const photo = reply.data[0]?.image_url;
  const preload = photo ? imagePreload(photo) : '';
  const json = JSON.stringify(reply).replace(/</g, '\\u003c');
  return html
    .replace('</head>', `${preload}</head>`)
    .replace('</body>', `<script type="application/json" id="${INITIAL_SEARCH_ELEMENT_ID}">${json}</script></body>`);
}
