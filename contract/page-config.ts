/**
 * Whether the server is a public demo, as each page the API serves says it on `<html>`: `"true"` on a public demo,
 * `"false"` otherwise; read without loading any schema. (The whole public configuration is in the page's
 * `PUBLIC_CONFIG_ELEMENT_ID` block; a page served from elsewhere has neither and asks GET /api/config.)
 */
export const DEMO_MODE_ATTRIBUTE = 'data-demo-mode';
