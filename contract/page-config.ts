/**
 * What each page the API serves says of the server's public configuration, so the page needs no call to the API
 * for it. A page served from elsewhere (a static host) has neither and asks GET /api/config.
 *
 * The mark on `<html>`: `"true"` on a public demo, `"false"` otherwise; read without loading any schema.
 */
export const DEMO_MODE_ATTRIBUTE = 'data-demo-mode';

/** The JSON data block holding GET /api/config's reply, as the API answers it. */
export const PUBLIC_CONFIG_ELEMENT_ID = 'public-config';
