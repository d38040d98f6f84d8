import type { Request } from 'express';
import type { Kysely } from 'kysely';
import { INITIAL_SEARCH_ELEMENT_ID, searchQuerySchema } from '../../contract/search.ts';
import { SHIPPED_PHOTOS } from '../../contract/shipped-photos.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { appendToHead, imagePreload } from '../http/html.ts';
import { searchReply } from '../listings/search-reply.ts';
import { pageHead, withHead } from './page-head.ts';

/** The landing hero paints the first shipped hero photo before the API says which photos to show. */
const FIRST_HERO_PHOTO = SHIPPED_PHOTOS.hero[0]!.url;

/**
 * index.html as served at a page's address: its own head, and what its first paint needs before any script
 * has run (the landing hero's photo, a stay's photo; the unfiltered marketplace's first results and their first
 * photo).
 */
export function spaPage(deps: { db: Kysely<Database>; publicUrl: string; clock: Clock }) {
  return async (req: Request, indexHtml: string): Promise<string> => {
    const head = await pageHead(deps.db, deps.publicUrl, req.path);
    const page = withHead(indexHtml, head, deps.publicUrl + req.path);
    const picture = req.path === '/' ? FIRST_HERO_PHOTO : head.firstPicture;
    if (picture) return appendToHead(page, imagePreload(picture));
    const unfilteredMarketplace = req.path === '/marketplace' && !req.originalUrl.includes('?');
    return unfilteredMarketplace ? withInitialSearch(page, deps.db, deps.clock()) : page;
  };
}

/**
 * The marketplace page opened without filters, with its first page of results in a JSON data block and the
 * first card's photo preloaded: the cards and the photo a phone shows first no longer wait for the script to
 * run and then for a second round trip. `<` is escaped so a listing's text cannot end the block.
 */
async function withInitialSearch(html: string, db: Kysely<Database>, now: Date): Promise<string> {
  const reply = await searchReply(db, searchQuerySchema.parse({}), now);
  const photo = reply.data[0]?.image_url;
  const json = JSON.stringify(reply).replace(/</g, '\\u003c');
  return appendToHead(html, photo ? imagePreload(photo) : '').replace(
    '</body>',
    `<script type="application/json" id="${INITIAL_SEARCH_ELEMENT_ID}">${json}</script></body>`,
  );
}
