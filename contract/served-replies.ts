import type { ListingReply } from './listing.ts';
import type { SearchReply } from './search.ts';

/**
 * The JSON data blocks a page the API serves carries for its script: API replies the server already holds for the
 * page, so the script's first render starts from them (matching the markup) instead of asking again. A page
 * served from elsewhere (a static host) carries none and asks the API.
 *
 * The server checks each reply against the contract's schema before it puts it in the page, and the page's markup
 * is drawn from that same checked reply; the script reads a block as it is, without the schemas. Replies the
 * script gets from the API are checked against the same schemas in the browser, which loads them with the call.
 * So the public pages' first seconds build no schema and load no zod.
 */

/** GET /api/config's reply, in every page. */
export const PUBLIC_CONFIG_ELEMENT_ID = 'public-config';

/** GET /api/listings's reply to the unfiltered search, in the marketplace opened at its bare address. */
export const INITIAL_SEARCH_ELEMENT_ID = 'initial-search';

/** GET /api/listings/:id's reply to a guest, in a stay's page. */
export const SERVED_LISTING_ELEMENT_ID = 'served-listing';

/**
 * GET /api/rates's reply, in a page that shows prices (the bare marketplace, a stay's page): the script converts
 * them without asking the API, or loading its HTTP client, as the page loads.
 */
export const SERVED_RATES_ELEMENT_ID = 'served-rates';

/**
 * The replies a drawn page's markup is rendered from, on the server, as the script's first render starts from them
 * in the browser (the rates a page carries convert its prices once it is taken over, and draw nothing).
 */
export interface ServedReplies {
  /** The bare marketplace's first results. */
  search?: SearchReply;
  /** A stay, as a guest sees it. */
  listing?: ListingReply;
}
