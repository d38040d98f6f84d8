import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertListing, insertProfile } from '../helpers/factories.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

// A build as scripts/precompress.mjs leaves it: the script has both twins, the picture only a gzip one.
const script = `console.log(${JSON.stringify('a stay '.repeat(400))});`;
const picture = `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(60)}</svg>`;
// Vite's manifest: the entry holds React and imports the app after it; the landing page shares React with the
// entry and has a chunk and a stylesheet of its own.
const manifest = {
  'index.html': {
    file: 'assets/app-1a2b.js',
    imports: ['_react.js'],
    dynamicImports: ['src/app/start-app.tsx'],
    isEntry: true,
  },
  '_react.js': { file: 'assets/react-9f8e.js' },
  'src/app/start-app.tsx': {
    file: 'assets/start-app-8e8e.js',
    imports: ['_react.js', 'index.html', '_query.js'],
    isDynamicEntry: true,
  },
  '_query.js': { file: 'assets/query-4b4b.js' },
  '_hero.js': { file: 'assets/hero-5d6c.js', imports: ['_react.js'], css: ['assets/hero-7a7a.css'] },
  'src/features/landing/components/LandingPage.tsx': {
    file: 'assets/LandingPage-3c4d.js',
    imports: ['_react.js', 'index.html', '_hero.js'],
  },
};
let webRoot: string;
let server: TestServer;

beforeAll(async () => {
  webRoot = mkdtempSync(path.join(tmpdir(), 'restay-web-'));
  mkdirSync(path.join(webRoot, 'assets'));
  mkdirSync(path.join(webRoot, 'images'));
  writeFileSync(
    path.join(webRoot, 'index.html'),
    '<!doctype html><html><head><title>Restay</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(webRoot, 'assets/app-1a2b.js'), script);
  writeFileSync(path.join(webRoot, 'assets/app-1a2b.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(webRoot, 'assets/app-1a2b.js.gz'), gzipSync(script));
  writeFileSync(path.join(webRoot, 'images/room.svg'), picture);
  writeFileSync(path.join(webRoot, 'images/room.svg.gz'), gzipSync(picture));
  mkdirSync(path.join(webRoot, '.vite'));
  writeFileSync(path.join(webRoot, '.vite/manifest.json'), JSON.stringify(manifest));
  server = await startTestServer({ webRoot });
});
afterAll(async () => {
  await server.close();
  rmSync(webRoot, { recursive: true, force: true });
});

/** fetch decodes the body itself; the headers still say what travelled. */
const get = (url: string, acceptEncoding: string) =>
  server.request(url, { headers: { 'Accept-Encoding': acceptEncoding } });

describe('static files of the build', () => {
  it('sends the Brotli twin to a browser that accepts it, typed as the original and cached for a year', async () => {
    const { status, headers, body } = await get('/assets/app-1a2b.js', 'gzip, deflate, br, zstd');
    expect(status).toBe(200);
    expect(headers.get('content-encoding')).toBe('br');
    expect(headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(headers.get('vary')).toContain('Accept-Encoding');
    expect(headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(body).toBe(script);
  });

  it('falls back to the gzip twin, then to the file itself', async () => {
    const gzip = await get('/assets/app-1a2b.js', 'gzip');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gzip.body).toBe(script);
    const plain = await get('/assets/app-1a2b.js', 'identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toContain('Accept-Encoding');
    expect(plain.body).toBe(script);
  });

  it('offers only the twins the build wrote', async () => {
    const brotliOnly = await get('/images/room.svg', 'br');
    expect(brotliOnly.headers.get('content-encoding')).toBeNull();
    expect(brotliOnly.body).toBe(picture);
    const gzip = await get('/images/room.svg', 'br, gzip');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gzip.headers.get('content-type')).toBe('image/svg+xml');
    expect(gzip.body).toBe(picture);
  });

  it('compresses API replies and pages for a browser that accepts it', async () => {
    // Enough stays for the reply and the marketplace page (which carries them) to be worth compressing.
    const seller = await insertProfile(server.database.db);
    for (let i = 0; i < 5; i++) await insertListing(server.database.db, seller);
    for (const pagePath of ['/api/listings', '/marketplace']) {
      const { status, headers } = await get(pagePath, 'gzip, deflate, br, zstd');
      expect(status).toBe(200);
      expect(headers.get('content-encoding')).toMatch(/^(br|gzip)$/);
      expect(headers.get('vary')).toContain('Accept-Encoding');
    }
  });

  it('still answers client-side routes with index.html, with 404 where the app has no such page or stay', async () => {
    const routes = {
      '/': 200,
      '/marketplace': 200,
      '/my-stays': 200,
      '/listings/7d9f1d0c-2f5e-4b8e-9a61-0c1f2e3d4a5b': 404,
      '/no-such-page': 404,
    };
    for (const [route, expected] of Object.entries(routes)) {
      const { status, body } = await get(route, 'br');
      expect({ route, status }).toEqual({ route, status: expected });
      expect(body).toContain('<div id="root"></div>');
    }
  });

  it("has the browser fetch the app and a first page's own code with the entry, and nothing the entry already loads", async () => {
    const linked = async (route: string) =>
      [...(await get(route, 'br')).body.matchAll(/<link rel="(modulepreload|stylesheet)"[^>]*href="([^"]+)"/g)]
        .map(([, rel, href]) => `${rel} ${href}`)
        .sort();
    const app = ['modulepreload /assets/query-4b4b.js', 'modulepreload /assets/start-app-8e8e.js'];
    expect(await linked('/')).toEqual([
      'modulepreload /assets/LandingPage-3c4d.js',
      'modulepreload /assets/hero-5d6c.js',
      ...app,
      'stylesheet /assets/hero-7a7a.css',
    ]);
    const landing = (await get('/', 'br')).body;
    expect(landing.lastIndexOf('modulepreload')).toBeLessThan(landing.indexOf('</head>'));
    // A first page this build lacks (the marketplace), a private page and an unknown address load only the app.
    for (const route of ['/marketplace', '/my-stays', '/no-such-page']) expect(await linked(route)).toEqual(app);
    // The manifest itself is not served.
    expect((await get('/.vite/manifest.json', 'br')).status).toBe(404);
  });

  it('answers 404, not the page shell, for a file or a server path that does not exist', async () => {
    for (const missing of ['/favicon-x.png', '/dev/anything', '/auth/v2/nothing', '/images/missing.svg', '/assets']) {
      const { status, headers, body } = await get(missing, 'br');
      expect({ missing, status }).toEqual({ missing, status: 404 });
      expect(headers.get('content-type')).toContain('text/plain');
      expect(body).not.toContain('<div id="root">');
    }
  });

  it('answers 404 for a missing script under /assets/ (an old bundle asking for a chunk a deploy removed)', async () => {
    const { status, headers } = await get('/assets/ListingDetailPage-0ld0ld.js', 'gzip, br');
    expect(status).toBe(404);
    expect(headers.get('cache-control')).toBe('no-cache');
  });
});
