import { Router } from 'express';
import { sendHtmlPage } from '../http/html-page.ts';
import { openApiDocument } from './document.ts';
import { referencePage } from './reference-page.ts';

/**
 * GET /api/openapi.json: the API's OpenAPI 3.1 description, and GET /api/docs: the same as a page to read. Built once, at
 * the first request for either (it depends only on the code and the public URL, and generating it from the
 * contract is a noticeable part of a start that need not wait for it), so every request sends the same bytes;
 * public and cacheable for an hour, and Express's ETag lets a client revalidate it for free.
 */
export function openApiRouter({ publicUrl }: { publicUrl: string }): Router {
  const router = Router();
  let built: { body: string; reference: ReturnType<typeof referencePage> } | undefined;
  const described = () => {
    if (!built) {
      const document = openApiDocument(publicUrl);
      built = { body: JSON.stringify(document), reference: referencePage(document) };
    }
    return built;
  };
  router.get('/openapi.json', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=3600').type('json').send(described().body);
  });
  router.get('/docs', (_req, res) => {
    const { reference } = described();
    res.set('Cache-Control', 'public, max-age=3600');
    sendHtmlPage(res, 200, reference.title, reference.body, { maxWidth: '60rem' });
  });
  return router;
}
