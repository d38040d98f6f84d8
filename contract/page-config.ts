/**
 * What the pages the API serves carry, named here apart from the replies' schemas: the SPA reads them while the page
 * starts, before it has loaded zod.
 *
 * The server's public configuration, so the page needs no call to the API for it. A page served from elsewhere (a
 * static host) has neither and asks GET /api/config.
 *
 * The mark on `<html>`: `"true"` on a public demo, `"false"` otherwise; read without loading any schema.
 */
export const DEMO_MODE_ATTRIBUTE = 'data-demo-mode';

/** The JSON data block holding GET /api/config's reply, as the API answers it. */
export const PUBLIC_CONFIG_ELEMENT_ID = 'public-config';

/**
 * The JSON data block in which the server hands /marketplace, opened without filters, the first page of results
 * (the body GET /api/listings would answer), so the SPA need not ask for it again.
 */
export const INITIAL_SEARCH_ELEMENT_ID = 'initial-search';

/**
 * The JSON data block in which the server hands a stay's page the body GET /api/listings/:id answers a guest, so the
 * page is drawn with the stay and the SPA need not ask a guest's question again.
 */
export const SERVED_LISTING_ELEMENT_ID = 'served-listing';
