import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageRendererIn } from '../../server/seo/page-renderer.ts';
import { renderPage } from '../../src/entry-server.tsx';
import { insertListing, insertProfile } from '../helpers/factories.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const NOW = new Date('2031-05-01T12:00:00Z');
const INDEX_HTML = `<!doctype html><html><head><title>Restay</title></head><body><div id="root"></div></body></html>`;
let webRoot: string;
let server: TestServer;

beforeAll(async () => {
  webRoot = mkdtempSync(path.join(tmpdir(), 'restay-ssr-'));
  writeFileSync(path.join(webRoot, 'index.html'), INDEX_HTML);
  server = await startTestServer({ clock: () => NOW, webRoot, renderPage });
});
afterAll(async () => {
  await server.close();
  rmSync(webRoot, { recursive: true, force: true });
});

/** What the page at `pagePath` carries inside #root, as served. */
async function markupOf(target: TestServer, pagePath: string) {
  const { status, body } = await target.request(pagePath);
  expect(status).toBe(200);
  const html = body as string;
  return {
    html,
    root: /<div id="root">([\s\S]*)<\/div>(?:<script type="application\/json"[\s\S]*)?<\/body>/.exec(html)?.[1],
  };
}

describe('the public pages are served drawn', () => {
  it('the landing page carries its hero', async () => {
    const { root } = await markupOf(server, '/');
    expect(root).toContain('Hotel stays, passed on to travellers who can use them.');
  });

  it('the bare marketplace carries the cards of its served results, with a seller’s words escaped', async () => {
    const seller = await insertProfile(server.database.db);
    const title = 'Quiet loft </div><script>alert(1)</script>';
    await insertListing(server.database.db, seller, { now: NOW, title });
    const { html, root } = await markupOf(server, '/marketplace');
    expect(root).toContain('Quiet loft &lt;/div&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('<script type="application/json" id="initial-search">');
  });

  it('a filtered marketplace is drawn while its search loads, without served results', async () => {
    const { html, root } = await markupOf(server, '/marketplace?guests=2');
    expect(root).toContain('<h1');
    expect(html).not.toContain('id="initial-search"');
  });

  it('a private page is left for its script to draw', async () => {
    expect((await markupOf(server, '/profile')).root).toBe('');
    expect((await markupOf(server, '/my-listings')).root).toBe('');
  });

  it('a page whose render fails is still served, for its script to draw', async () => {
    const failing = await startTestServer({
      clock: () => NOW,
      webRoot,
      database: server.database,
      renderPage: () => Promise.reject(new Error('render failed')),
    });
    try {
      const { html, root } = await markupOf(failing, '/');
      expect(root).toBe('');
      expect(html).toContain('<title>');
    } finally {
      await failing.close();
    }
  });
});

describe('the build’s server renderer', () => {
  it('is used when the build made one, and absent when it did not', async () => {
    const ssrRoot = mkdtempSync(path.join(tmpdir(), 'restay-ssr-build-'));
    try {
      expect(pageRendererIn(ssrRoot)).toBeUndefined();
      writeFileSync(
        path.join(ssrRoot, 'entry-server.js'),
        'export const renderPage = async (url, served) => `<p>${url} ${JSON.stringify(served)}</p>`;',
      );
      const render = pageRendererIn(ssrRoot);
      expect(await render?.('https://restay.example/', { search: 1 })).toBe(
        '<p>https://restay.example/ {"search":1}</p>',
      );
    } finally {
      rmSync(ssrRoot, { recursive: true, force: true });
    }
  });
});
