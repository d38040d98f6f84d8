import type { Request } from 'express';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { publicConfigReplySchema, type PublicConfig } from '../../contract/config.ts';
import { listingReplySchema } from '../../contract/listing.ts';
import { DEMO_MODE_ATTRIBUTE } from '../../contract/page-config.ts';
import { isPagePath } from '../../contract/page-paths.ts';
import { ratesReplySchema, type RatesReply } from '../../contract/rates.ts';
import { searchQuerySchema, searchReplySchema } from '../../contract/search.ts';
import {
  INITIAL_SEARCH_ELEMENT_ID,
  PUBLIC_CONFIG_ELEMENT_ID,
  SERVED_LISTING_ELEMENT_ID,
  SERVED_RATES_ELEMENT_ID,
  type ServedReplies,
} from '../../contract/served-replies.ts';
import { SHIPPED_PHOTOS } from '../../contract/shipped-photos.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import type { StartUp } from '../system/start-up.ts';
import { appendToHead, imagePreload, trustedHtml } from '../http/html.ts';
import type { ListingWithSeller } from '../listings/listing-dto.ts';
import { hotelApprovalOf } from '../listings/hotel-approval.ts';
import { findNamedListing, listingReply } from '../listings/listing-reply.ts';
import { searchReply } from '../listings/search-reply.ts';
import { anyRates, storedRates } from '../rates/stored-rates.ts';
import { EARLY_INPUT_TAG } from './early-input.ts';
import { pageHead, withHead } from './page-head.ts';
import type { PageRenderer } from './page-renderer.ts';

/** The public pages a visitor (or a search engine) arrives on are sent drawn; the others are drawn by their script. */
const SERVER_RENDERED_PATH = /^\/(?:marketplace|listings\/[^/]+)?$/;
const EMPTY_ROOT = '<div id="root"></div>';
const STAY_PAGE = /^\/listings\/([^/]+)$/;

/** The landing hero paints the first shipped hero photo before the API says which photos to show. */
const FIRST_HERO_PHOTO = SHIPPED_PHOTOS.hero[0]!.url;

interface SpaPageDeps {
  db: Kysely<Database>;
  publicUrl: string;
  clock: Clock;
  logger: Logger;
  /** GET /api/config's reply, which every page carries too. */
  publicConfig: PublicConfig;
  /** Absent when the build has no server renderer: every page is then drawn by its script. */
  renderPage?: PageRenderer;
  /** Until its steps are done, pages are served bare: their data would be read too early. */
  startUp: StartUp;
}

/**
 * index.html as served at a page's address: its own head, its markup (for the public pages), and what its first
 * paint needs before any script has run (the landing hero's photo, a stay's photo; the unfiltered marketplace's
 * first results and their first photo; a stay's reply).
 */
export function spaPage(deps: SpaPageDeps) {
  // The server's public configuration in every page, so no page calls the API for it: GET /api/config's reply in
  // a data block, and whether this is a public demo as a mark on `<html>`, which the demo banner reads without
  // loading the schemas that check the reply. The same for every page, so made once.
  // A configuration that breaks the contract is the server's own fault: it refuses to start rather than serve it.
  const configReply = publicConfigReplySchema.parse({ success: true, data: deps.publicConfig });
  const configBlock = jsonBlock(PUBLIC_CONFIG_ELEMENT_ID, configReply);
  const markedHtmlTag = `<html ${DEMO_MODE_ATTRIBUTE}="${deps.publicConfig.demoMode}"`;
  return async (req: Request, indexHtml: string): Promise<SpaPage> => {
    if (deps.startUp.pending().length) {
      // The shell alone, read from nothing: its script draws the page and hears "starting up" from the API.
      const html = withServedData(
        indexHtml.replace(/<html\b/, () => markedHtmlTag),
        {},
        configBlock,
      );
      return { html, found: true, paintsWithoutScript: false, startingUp: true };
    }
    const stayId = STAY_PAGE.exec(req.path)?.[1];
    const stay = stayId === undefined ? undefined : await findNamedListing(deps.db, stayId);
    const head = pageHead(deps.publicUrl, req.path, stay);
    const served = await servedTo(req, deps, stay);
    const markup = await pageMarkup(req, deps, served);
    const rates = Object.keys(served).length > 0 ? await ratesReply(deps) : undefined;
    // A drawn page can be pressed and typed in before its script runs: the early-input script holds that for it.
    const drawn =
      markup === null
        ? indexHtml
        : appendToHead(
            indexHtml.replace(EMPTY_ROOT, () => `<div id="root">${markup}</div>`),
            trustedHtml(EARLY_INPUT_TAG),
          );
    const page = withHead(drawn, head, deps.publicUrl + req.path);
    const picture = req.path === '/' ? FIRST_HERO_PHOTO : (head.firstPicture ?? served.search?.data[0]?.image_url);
    const withPicture = picture ? appendToHead(page, imagePreload(picture)) : page;
    return {
      html: withServedData(
        withPicture.replace(/<html\b/, () => markedHtmlTag),
        served,
        configBlock,
        rates,
      ),
      found: isPagePath(req.path) && (stayId === undefined || stay !== undefined),
      // The landing page, the bare marketplace and a stay are drawn with all they show; a filtered marketplace
      // (drawn while its search loads) or an unknown stay still waits on its script for its content.
      paintsWithoutScript: markup !== null && (req.path === '/' || Object.keys(served).length > 0),
    };
  };
}

/** The bare marketplace carries its first results; a stay's page carries the stay as a guest sees it. */
async function servedTo(req: Request, deps: SpaPageDeps, stay: ListingWithSeller | undefined): Promise<ServedReplies> {
  if (req.path === '/marketplace' && !req.originalUrl.includes('?')) {
    const reply = await searchReply(deps.db, searchQuerySchema.parse({}), deps.clock());
    const search = checkedForPage(searchReplySchema, reply, 'search', deps.logger);
    return search ? { search } : {};
  }
  if (!stay) return {};
  const reply = listingReply(stay, await hotelApprovalOf(deps.db, stay.id), null);
  const listing = checkedForPage(listingReplySchema, reply, 'listing', deps.logger);
  return listing ? { listing } : {};
}

/** GET /api/rates's reply for a page with prices, checked; undefined until any rates are stored. */
async function ratesReply(deps: SpaPageDeps): Promise<RatesReply | undefined> {
  const rates = await storedRates(deps.db);
  return anyRates(rates)
    ? checkedForPage(ratesReplySchema, { success: true, data: rates }, 'rates', deps.logger)
    : undefined;
}

/**
 * `reply` as its schema reads it, for the page to carry: the script reads a carried reply without the schemas
 * (contract/served-replies.ts). One that breaks the contract is a fault of the server's, logged and left out, so
 * the script asks the API for it, and the browser's check of that reply says what is wrong.
 */
export function checkedForPage<T>(schema: z.ZodType<T>, reply: unknown, what: string, logger: Logger): T | undefined {
  const result = schema.safeParse(reply);
  if (result.success) return result.data;
  logger.error({ issues: result.error.issues, reply: what }, 'a reply the page would carry breaks the contract');
  return undefined;
}

/** A page as served: its HTML, whether it exists, and whether its first paint needs its script (see `pagePreloads`). */
export interface SpaPage {
  html: string;
  /** False for an address the app has no page for, or a stay that does not exist: answered 404, its shell says so. */
  found: boolean;
  paintsWithoutScript: boolean;
  /** Served before the start-up steps were done: answered 503 with Retry-After, so nobody keeps it. */
  startingUp?: boolean;
}

/**
 * The page's markup for #root, so it paints before its script has run; null for a page the server does not draw.
 * A page that fails to render is still served, empty, for its script to draw as it would without a server
 * renderer.
 */
async function pageMarkup(req: Request, deps: SpaPageDeps, served: ServedReplies): Promise<string | null> {
  if (!deps.renderPage || !SERVER_RENDERED_PATH.test(req.path)) return null;
  try {
    return await deps.renderPage(deps.publicUrl + req.originalUrl, served);
  } catch (error) {
    deps.logger.error({ err: error, path: req.path }, 'the page could not be rendered on the server');
    return null;
  }
}

/**
 * The replies a page carries, each in a JSON data block, then the configuration's (`configBlock`): the script's
 * first render starts from them (matching the markup) instead of asking again. A page with prices also carries
 * the rates (`rates`, once any are stored), which the script converts them with after taking the page over.
 */
function withServedData(html: string, served: ServedReplies, configBlock: string, rates?: RatesReply): string {
  const blocks: [string, unknown][] = [
    [INITIAL_SEARCH_ELEMENT_ID, served.search],
    [SERVED_LISTING_ELEMENT_ID, served.listing],
    [SERVED_RATES_ELEMENT_ID, rates],
  ];
  const tags = blocks.filter(([, reply]) => reply !== undefined).map(([id, reply]) => jsonBlock(id, reply));
  return html.replace('</body>', () => `${tags.join('')}${configBlock}</body>`);
}

/**
 * An API reply as a JSON data block. `<` is escaped so a listing's text cannot end the block. Every insertion into
 * the page is made with a function: in a replacement string, a seller's `$&` or `$'` would be a pattern.
 */
function jsonBlock(id: string, reply: unknown): string {
  return `<script type="application/json" id="${id}">${JSON.stringify(reply).replace(/</g, '\\u003c')}</script>`;
}
