import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { setAccessTokenGetter } from '../../src/lib/api-client.ts';
import { loadPublicConfig } from '../../src/lib/public-config.ts';
import { server, TEST_CONFIG } from './msw.ts';

describe('GET /api/config through the one loader', () => {
  it('is asked once for every reader, without a bearer token or waiting for the session', async () => {
    const seen: (string | null)[] = [];
    server.use(
      http.get('/api/config', ({ request }) => {
        seen.push(request.headers.get('authorization'));
        return HttpResponse.json({ success: true, data: TEST_CONFIG });
      }),
    );
    const appGetter = setAccessTokenGetter(() => new Promise<never>(() => {})); // a session that never resolves
    try {
      const [first, second] = await Promise.all([loadPublicConfig(), loadPublicConfig()]);
      expect(first).toEqual(TEST_CONFIG);
      expect(second).toBe(first);
      expect(seen).toEqual([null]);
    } finally {
      setAccessTokenGetter(appGetter);
    }
  });

  it('refuses a reply outside the contract, and asks again next time', async () => {
    server.use(
      http.get('/api/config', () => HttpResponse.json({ success: true, data: { supabaseUrl: 'x' } }), { once: true }),
    );
    await expect(loadPublicConfig()).rejects.toMatchObject({ code: 'RESPONSE_FORMAT_ERROR' });
    await expect(loadPublicConfig()).resolves.toEqual(TEST_CONFIG);
  });

  it('carries the payments mode when the server names one', async () => {
    const payments = { mode: 'stripe', publishableKey: 'pk_test_123' } as const;
    server.use(http.get('/api/config', () => HttpResponse.json({ success: true, data: { ...TEST_CONFIG, payments } })));
    await expect(loadPublicConfig()).resolves.toMatchObject({ payments });
  });
});
