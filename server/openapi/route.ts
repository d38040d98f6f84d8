import { Router } from 'express';
import { sendHtmlPage } from '../http/html-page.ts';
import { openApiDocument } from './document.ts';
import { referencePage } from './reference-page.ts';

/**
 * GET /api/openapi.json: the API's OpenAPI 3.1 description, and GET /api/docs: the same as a page to read. Built once when the app is built (it depends only on
 * the code and the public URL), so every request sends the same bytes; public and cacheable for an hour, and
 * Express's ETag lets a client revalidate it for free.
 */
export function openApiRouter(publicUrl: string): Router {
  const router = Router();
  const document = openApiDocument(publicUrl);
  const body = JSON.stringify(document);
  const reference = referencePage(document);
  router.get('/openapi.json', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=3600').type('json').send(body);
  });
  router.get('/docs', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=3600');
    sendHtmlPage(res, 200, reference.title, reference.body, { maxWidth: '60rem' });
  });
  return router;
}
