/**
 * The mark on `<html>` of each page the API serves: `"true"` on a public demo, `"false"` otherwise. A page served
 * from elsewhere (a static host) has none and asks GET /api/config.
 */
export const DEMO_MODE_ATTRIBUTE = 'data-demo-mode';
