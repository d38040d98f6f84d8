import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setAccessTokenGetter } from '../../src/lib/api-client.ts';
import { PUBLIC_CONFIG_ELEMENT_ID } from '../../contract/served-replies.ts';
import { loadPublicConfig, resetPublicConfig } from '../../src/lib/public-config.ts';
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

  describe('on a page the API served, which carries the reply', () => {
    let calls = 0;
    const carry = (reply: unknown) => {
      const block = document.createElement('script');
      block.type = 'application/json';
      block.id = PUBLIC_CONFIG_ELEMENT_ID;
      block.textContent = JSON.stringify(reply);
      document.body.append(block);
    };
    beforeEach(() => {
      calls = 0;
      server.use(
        http.get('/api/config', () => {
          calls += 1;
          return HttpResponse.json({ success: true, data: TEST_CONFIG });
        }),
      );
    });
    afterEach(() => document.getElementById(PUBLIC_CONFIG_ELEMENT_ID)?.remove());

    it('reads it from the page, once, without calling the API', async () => {
      const carried = { ...TEST_CONFIG, demoMode: true };
      carry({ success: true, data: carried });
      await expect(loadPublicConfig()).resolves.toEqual(carried);
      expect(calls).toBe(0);
      expect(document.getElementById(PUBLIC_CONFIG_ELEMENT_ID)).toBeNull();
      resetPublicConfig();
      await expect(loadPublicConfig()).resolves.toEqual(TEST_CONFIG);
      expect(calls).toBe(1);
    });
  });
});
