import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startUpSteps, type StartUp } from '../../server/system/start-up.ts';
import { insertListing, insertProfile } from '../helpers/factories.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/**
 * Ready means ready: until every start-up step that changes an answer is done, /api/health and the API answer
 * 503 in the API's error shape, naming the steps and when to ask again; then health answers as before.
 */
let server: TestServer;
let startUp: StartUp;
let webRoot: string;
const INDEX_HTML = '<!doctype html><html><head><title>Restay</title></head><body><div id="root"></div></body></html>';
beforeAll(async () => {
  startUp = startUpSteps(['migrations', 'demo_seed', 'demo_hotels']);
  startUp.done('migrations');
  webRoot = mkdtempSync(path.join(tmpdir(), 'restay-starting-'));
  writeFileSync(path.join(webRoot, 'index.html'), INDEX_HTML);
  server = await startTestServer({ startUp, webRoot });
});
afterAll(async () => {
  await server.close();
  rmSync(webRoot, { recursive: true, force: true });
});

describe('while the server starts', () => {
  it('answers health 503 naming the steps still under way, with Retry-After', async () => {
    const reply = await server.request('/api/health');
    expect(reply.status).toBe(503);
    expect(reply.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(reply.headers.get('cache-control')).toBe('no-store');
    expect(reply.body).toEqual({
      success: false,
      code: 'SERVICE_UNAVAILABLE',
      error: 'Restay is starting up',
      details: [{ step: 'demo_seed' }, { step: 'demo_hotels' }],
    });
  });

  it('answers the API 503 "starting up" too, never an answer the next second would contradict', async () => {
    const reply = await server.request('/api/listings');
    expect(reply.status).toBe(503);
    expect(reply.body).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      details: [{ step: 'demo_seed' }, { step: 'demo_hotels' }],
    });
    // The public configuration is no answer about data: the SPA reads it to draw its shell.
    expect((await server.request('/api/config')).status).toBe(200);
  });

  it('serves every page as its bare shell, 503 with Retry-After, reading nothing the next second would contradict', async () => {
    const seller = await insertProfile(server.database.db, { firstName: 'Ana' });
    const stayId = await insertListing(server.database.db, seller, { title: 'Room read too early' });
    for (const page of ['/', '/marketplace', `/listings/${stayId}`, '/list-my-reservation']) {
      const reply = await server.request(page);
      expect({ page, status: reply.status }).toEqual({ page, status: 503 });
      expect(reply.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(reply.headers.get('content-type')).toContain('text/html');
      const html = reply.body as string;
      // The shell's script draws the page and hears "starting up" from the API: no markup or data was read for it.
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('Room read too early');
      expect(html).not.toContain('application/json" id="initial-search"');
    }
    const sitemap = await server.request('/sitemap.xml');
    expect(sitemap.status).toBe(503);
    expect(sitemap.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('is ready once every step is done, with the same reply as before', async () => {
    startUp.done('demo_seed');
    expect((await server.request('/api/health')).body.details).toEqual([{ step: 'demo_hotels' }]);
    startUp.done('demo_hotels');
    const reply = await server.request('/api/health');
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({ status: 'ok', rates: { stale: expect.any(Boolean) } });
    expect(reply.body.data.rates.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await server.request('/api/listings')).status).toBe(200);
  });
});
