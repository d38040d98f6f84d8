import type { Request } from 'express';
import type { Kysely } from 'kysely';
import { SHIPPED_PHOTOS } from '../../contract/shipped-photos.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { imagePreload } from '../http/html.ts';
import { withInitialSearch } from '../listings/search-reply.ts';
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
    if (picture) return page.replace('</head>', `${imagePreload(picture)}</head>`);
    const unfilteredMarketplace = req.path === '/marketplace' && !req.originalUrl.includes('?');
    return unfilteredMarketplace ? withInitialSearch(page, deps.db, deps.clock()) : page;
  };
}
