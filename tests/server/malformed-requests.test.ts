import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripeSignature } from '../helpers/reliability/forged-credentials.ts';
import { TEST_PUBLIC_URL } from '../helpers/supabase-client.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

// Each case is a defect the fuzz suite found: a 500 (or an empty or HTML reply) where a clear 4xx was due.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { PUBLIC_URL: TEST_PUBLIC_URL } });
});
afterAll(() => server.close());

const apiError = (code: string) => expect.objectContaining({ success: false, code, error: expect.any(String) });

describe('requests that cannot be read', () => {
  it('a malformed percent-escape in a path parameter is 400 in each family’s error shape', async () => {
    expect(await server.request('/api/listings/%ZZ')).toMatchObject({
      status: 400,
      body: apiError('VALIDATION_ERROR'),
    });
    expect(await server.request('/test-checkout/%E0%A4%A')).toMatchObject({
      status: 400,
      body: apiError('VALIDATION_ERROR'),
    });
  });

  it('a body whose Content-Encoding does not match its bytes is 400, also on the demo PMS', async () => {
    const broken = {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
      body: '{"a":1}',
    };
    expect(await server.request('/api/contact', broken)).toMatchObject({
      status: 400,
      body: apiError('VALIDATION_ERROR'),
    });
    expect(await server.request('/demo-mews/api/connector/v1/configuration/get', broken)).toMatchObject({
      status: 400,
      body: apiError('VALIDATION_ERROR'),
    });
    const gzipped = { ...broken, headers: { ...broken.headers, 'Content-Encoding': 'deflate' }, body: gzipSync('{}') };
    expect((await server.request('/api/contact', gzipped)).status).toBe(400);
  });

  it('headers over Node’s limit get the API’s error shape, not an empty reply', async () => {
    const reply = await server.request('/api/listings', { headers: { Authorization: `Bearer ${'y'.repeat(20_000)}` } });
    expect(reply).toMatchObject({ status: 431, body: apiError('HEADERS_TOO_LARGE') });
  });

  it('a NUL character in a JSON text is refused before it reaches the database', async () => {
    const message = { fullName: 'Ana\u0000Silva', email: 'ana@example.com', phone: '+351 912 345 678', consent: true };
    const reply = await server.request('/api/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(message),
    });
    expect(reply).toMatchObject({ status: 400, body: apiError('VALIDATION_ERROR') });
    expect(await server.database.db.selectFrom('contact_messages').select('id').execute()).toEqual([]);
  });
});

describe('a NUL in the address', () => {
  it('is refused before a search or a lookup sends it to the database', async () => {
    expect(await server.request('/api/listings?location=%00')).toMatchObject({
      status: 400,
      body: apiError('VALIDATION_ERROR'),
    });
    expect(await server.request('/api/listings?hotelName=a%00b')).toMatchObject({
      status: 400,
      body: apiError('VALIDATION_ERROR'),
    });
    expect(await server.request('/api/payment/session-status/a%00b')).toMatchObject({
      status: 400,
      body: apiError('VALIDATION_ERROR'),
    });
    expect(await server.request('/test-checkout/a%00b')).toMatchObject({
      status: 400,
      body: apiError('VALIDATION_ERROR'),
    });
  });
});

describe('the payment webhook', () => {
  const post = (body: string, signature: string) =>
    server.request('/api/payment/webhook', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
      body,
    });

  it('refuses a signature header with an empty v1 as an invalid signature', async () => {
    expect(await post('{}', 't=1,v1=')).toMatchObject({ status: 400, body: apiError('VALIDATION_ERROR') });
  });

  it('refuses a correctly signed body that is not JSON', async () => {
    const body = '[1,';
    expect(await post(body, stripeSignature(body, server.config.localSecrets.stripeWebhookSecret))).toMatchObject({
      status: 400,
      body: apiError('VALIDATION_ERROR'),
    });
  });
});

describe('the test checkout stand-in', () => {
  it('an address it does not serve is a 404 in Stripe’s error shape', async () => {
    const reply = await server.request('/v1/customers');
    expect(reply).toMatchObject({ status: 404, body: { error: { type: 'invalid_request_error' } } });
  });
});
