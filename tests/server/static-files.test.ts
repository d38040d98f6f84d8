import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

// A build as scripts/precompress.mjs leaves it: the script has both twins, the picture only a gzip one.
const script = `console.log(${JSON.stringify('a stay '.repeat(400))});`;
const picture = `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(60)}</svg>`;
let webRoot: string;
let server: TestServer;

beforeAll(async () => {
  webRoot = mkdtempSync(path.join(tmpdir(), 'restay-web-'));
  mkdirSync(path.join(webRoot, 'assets'));
  mkdirSync(path.join(webRoot, 'images'));
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Restay</title>');
  writeFileSync(path.join(webRoot, 'assets/app-1a2b.js'), script);
  writeFileSync(path.join(webRoot, 'assets/app-1a2b.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(webRoot, 'assets/app-1a2b.js.gz'), gzipSync(script));
  writeFileSync(path.join(webRoot, 'images/room.svg'), picture);
  writeFileSync(path.join(webRoot, 'images/room.svg.gz'), gzipSync(picture));
  server = await startTestServer({ webRoot });
});
afterAll(async () => {
  await server.close();
  rmSync(webRoot, { recursive: true, force: true });
});

/** fetch decodes the body itself; the headers still say what travelled. */
const get = (url: string, acceptEncoding: string) => server.request(url, { headers: { 'Accept-Encoding': acceptEncoding } });

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

  it('still answers client-side routes with index.html', async () => {
    const { status, body } = await get('/marketplace', 'br');
    expect(status).toBe(200);
    expect(body).toContain('<title>Restay</title>');
  });
});
