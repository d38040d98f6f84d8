import { Router } from 'express';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { html } from '../http/html.ts';
import { startingUp, type StartUp } from '../system/start-up.ts';
import { publicPages } from './public-pages.ts';

/** Pages that are someone's own (or a step of paying) and the server's own paths: nothing for a search engine. */
const PRIVATE_PATHS = [
  '/api/',
  '/auth/',
  '/dev/',
  '/list-my-reservation',
  '/my-listings',
  '/my-stays',
  '/profile',
  '/payment/',
  '/booking/',
];

/** /robots.txt and /sitemap.xml, with addresses on the product's public origin. */
export function seoRouter(deps: { db: Kysely<Database>; clock: Clock; publicUrl: string; startUp: StartUp }): Router {
  const router = Router();

  router.get('/robots.txt', (_req, res) => {
    const lines = [
      'User-agent: *',
      ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${deps.publicUrl}/sitemap.xml`,
    ];
    res
      .set('Cache-Control', 'public, max-age=3600')
      .type('text/plain')
      .send(`${lines.join('\n')}\n`);
  });

  router.get('/sitemap.xml', async (_req, res) => {
    // Before the seed and the hotels are in, a sitemap would leave out stays a crawler should come back for.
    const pending = deps.startUp.pending();
    if (pending.length) throw startingUp(pending);
    const pages = await publicPages(deps);
    // XML escapes as HTML does: the same template writes it.
    const urls = pages.map(
      ({ path, lastModified }) =>
        html`<url><loc>${deps.publicUrl + path}</loc>${lastModified && html`<lastmod>${lastModified.toISOString()}</lastmod>`}</url>\n`,
    );
    const xml = html`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}</urlset>\n`;
    res.set('Cache-Control', 'public, max-age=600').type('application/xml').send(xml.toString());
  });

  return router;
}
