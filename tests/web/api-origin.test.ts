import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from './msw.ts';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('the API origin', () => {
  it("is this page's own origin by default", async () => {
    const { apiBaseUrl } = await import('../../src/lib/api-origin.ts');
    expect(apiBaseUrl()).toBe(window.location.origin);
  });

  it('is VITE_API_URL when set, so the SPA on a static host calls an API elsewhere', async () => {
    vi.stubEnv('VITE_API_URL', 'http://api.restay.test/');
    const seen: string[] = [];
    server.use(
      http.get('http://api.restay.test/api/thing', ({ request }) => {
        seen.push(request.url);
        return HttpResponse.json({ success: true, data: 1 });
      }),
    );
    const { apiGet } = await import('../../src/lib/api-client.ts');
    await expect(apiGet('/api/thing', { page: 2 })).resolves.toEqual({ success: true, data: 1 });
    expect(seen).toEqual(['http://api.restay.test/api/thing?page=2']);
  });
});
