import type { Request } from 'express';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { INITIAL_SEARCH_ELEMENT_ID, searchQuerySchema } from '../../contract/search.ts';
import { SHIPPED_PHOTOS } from '../../contract/shipped-photos.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { appendToHead, imagePreload } from '../http/html.ts';
import { searchReply, type SearchReply } from '../listings/search-reply.ts';
import { pageHead, withHead } from './page-head.ts';
import type { PageRenderer, ServedData } from './page-renderer.ts';

/** The public pages a visitor (or a search engine) arrives on are sent drawn; the others are drawn by their script. */
const SERVER_RENDERED_PATH = /^\/(?:marketplace|listings\/[^/]+)?$/;
const EMPTY_ROOT = '<div id="root"></div>';

/** The landing hero paints the first shipped hero photo before the API says which photos to show. */
const FIRST_HERO_PHOTO = SHIPPED_PHOTOS.hero[0]!.url;

interface SpaPageDeps {
  db: Kysely<Database>;
  publicUrl: string;
  clock: Clock;
  logger: Logger;
  /** Absent when the build has no server renderer: every page is then drawn by its script. */
  renderPage?: PageRenderer;
}

/**
 * index.html as served at a page's address: its own head, its markup (for the public pages), and what its first
 * paint needs before any script has run (the landing hero's photo, a stay's photo; the unfiltered marketplace's
 * first results and their first photo).
 */
export function spaPage(deps: SpaPageDeps) {
  return async (req: Request, indexHtml: string): Promise<SpaPage> => {
    const head = await pageHead(deps.db, deps.publicUrl, req.path);
    const unfilteredMarketplace = req.path === '/marketplace' && !req.originalUrl.includes('?');
    const search = unfilteredMarketplace ? await searchReply(deps.db, searchQuerySchema.parse({}), deps.clock()) : null;
    const markup = await pageMarkup(req, deps, search ? { search } : {});
    const drawn = markup === null ? indexHtml : indexHtml.replace(EMPTY_ROOT, () => `<div id="root">${markup}</div>`);
    const page = withHead(drawn, head, deps.publicUrl + req.path);
    const picture = req.path === '/' ? FIRST_HERO_PHOTO : (head.firstPicture ?? search?.data[0]?.image_url);
    const withPicture = picture ? appendToHead(page, imagePreload(picture)) : page;
    return {
      html: search ? withServedSearch(withPicture, search) : withPicture,
      // The landing page and the bare marketplace are drawn with all they show; a stay's page (drawn loading) or
      // a filtered marketplace still waits on its script for its content.
      paintsWithoutScript: markup !== null && (req.path === '/' || search !== null),
    };
  };
}

/** A page as served: its HTML, and whether its first paint needs its script (see `pagePreloads`). */
export interface SpaPage {
  html: string;
  paintsWithoutScript: boolean;
}

/**
 * The page's markup for #root, so it paints before its script has run; null for a page the server does not draw.
 * A page that fails to render is still served, empty, for its script to draw as it would without a server
 * renderer.
 */
async function pageMarkup(req: Request, deps: SpaPageDeps, served: ServedData): Promise<string | null> {
  if (!deps.renderPage || !SERVER_RENDERED_PATH.test(req.path)) return null;
  try {
    return await deps.renderPage(deps.publicUrl + req.originalUrl, served);
  } catch (error) {
    deps.logger.error({ err: error, path: req.path }, 'the page could not be rendered on the server');
    return null;
  }
}

/**
 * The marketplace page opened without filters carries its first page of results in a JSON data block: the
 * script's first render starts from them (matching the markup) instead of a second round trip. `<` is escaped
 * so a listing's text cannot end the block. Every insertion into the page is made with a function: in a
 * replacement string, a seller's `$&` or `$'` would be a pattern.
 */
function withServedSearch(html: string, reply: SearchReply): string {
  const json = JSON.stringify(reply).replace(/</g, '\\u003c');
  return html.replace(
    '</body>',
    () => `<script type="application/json" id="${INITIAL_SEARCH_ELEMENT_ID}">${json}</script></body>`,
  );
}
