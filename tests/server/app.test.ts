import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EARLY_INPUT_SCRIPT_SOURCE } from '../../server/seo/early-input.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { CORS_ORIGINS: 'https://partner.example' } });
});
afterAll(() => server.close());

describe('API skeleton', () => {
  it('reports health with a database check, and how old the exchange rates are', async () => {
    const { status, body } = await server.request('/api/health');
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      data: {
        status: 'ok',
        database: server.database.kind,
        rates: { date: expect.any(String), stale: expect.any(Boolean) },
      },
    });
  });

  it('serves the public run-time configuration', async () => {
    const { status, body } = await server.request('/api/config');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ appName: 'Restay', publicUrl: 'http://localhost:0', googleMapsApiKey: null });
  });

  it('answers unknown API paths with 404 NOT_FOUND in the error shape', async () => {
    const { status, body } = await server.request('/api/nothing-here');
    expect(status).toBe(404);
    expect(body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(body.error).toEqual(expect.any(String));
  });

  it('answers malformed JSON with 400 VALIDATION_ERROR', async () => {
    const { status, body } = await server.request('/api/listings', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"title": ',
    });
    expect(status).toBe(400);
    expect(body).toEqual({ success: false, error: 'Request body is not valid JSON', code: 'VALIDATION_ERROR' });
  });

  it('answers a body over 100 kB with 413 PAYLOAD_TOO_LARGE', async () => {
    const { status, body } = await server.request('/api/listings', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ description: 'x'.repeat(110_000) }),
    });
    expect(status).toBe(413);
    expect(body).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('sets security headers and a request id', async () => {
    const { headers } = await server.request('/api/health');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('content-security-policy')).toContain("default-src 'self'");
    // With the built-in test checkout no page may load Stripe.js or frame anything.
    expect(headers.get('content-security-policy')).toContain("frame-src 'none'");
    expect(headers.get('content-security-policy')).not.toContain('stripe.com');
    // The one inline script allowed is the early-input script, by its hash: never inline scripts in general.
    expect(headers.get('content-security-policy')).toContain(`script-src 'self' ${EARLY_INPUT_SCRIPT_SOURCE};`);
    expect(headers.get('x-powered-by')).toBeNull();
    expect(headers.get('x-request-id')).toMatch(/^[\w.-]+$/);
  });

  it('lets Stripe.js load, frame and call Stripe when real Stripe is configured', async () => {
    // A second instance on the same database, as a deployment runs them: starting a database of its own cost more
    // than the rest of this file.
    const stripe = await startTestServer({
      database: server.database,
      env: {
        STRIPE_SECRET_KEY: 'sk_test_csp',
        STRIPE_WEBHOOK_SECRET: 'whsec_csp',
        STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_csp_connect',
      },
    });
    try {
      const policy = (await stripe.request('/api/health')).headers.get('content-security-policy') ?? '';
      expect(policy).toContain(`script-src 'self' ${EARLY_INPUT_SCRIPT_SOURCE} https://js.stripe.com`);
      expect(policy).toContain('frame-src https://js.stripe.com https://hooks.stripe.com');
      expect(policy).toContain("connect-src 'self' https://api.stripe.com");
    } finally {
      await stripe.close();
    }
  });

  it('keeps a well-formed incoming request id and replaces a hostile one', async () => {
    const kept = await server.request('/api/health', { headers: { 'X-Request-Id': 'abc-123' } });
    expect(kept.headers.get('x-request-id')).toBe('abc-123');
    const replaced = await server.request('/api/health', { headers: { 'X-Request-Id': 'bad id\twith tab' } });
    expect(replaced.headers.get('x-request-id')).not.toContain(' ');
  });

  it('allows CORS only for the own origin and the configured ones', async () => {
    const allowed = await server.request('/api/health', { headers: { Origin: 'https://partner.example' } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://partner.example');
    const refused = await server.request('/api/health', { headers: { Origin: 'https://evil.example' } });
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('a failure inside a handler', () => {
  it('is a 500 that leaks no stack or SQL', async () => {
    // The listings table taken away for this one request, and put back for the file's other tests.
    const { db } = server.database;
    await db.schema.alterTable('listings').renameTo('listings_away').execute();
    let reply: Awaited<ReturnType<TestServer['request']>>;
    try {
      reply = await server.request('/api/listings');
    } finally {
      await db.schema.alterTable('listings_away').renameTo('listings').execute();
    }
    const { status, body } = reply;
    expect(status).toBe(500);
    expect(body).toEqual({ success: false, error: 'Internal server error', code: 'INTERNAL_ERROR' });
  });
});
