import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutUrlsOnOrigin } from '../../server/payments/checkout-urls.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/** The SPA served from a static host on another origin than the API. */
const SPA = 'http://127.0.0.1:5998';

describe('the origins the SPA may run on', () => {
  const appOrigins = ['http://localhost:3000', SPA];

  it('lets checkout return to the SPA that sent the buyer, on any allowed origin', () => {
    expect(
      checkoutUrlsOnOrigin(appOrigins, {
        successUrl: `${SPA}/payment/success`,
        cancelUrl: `${SPA}/payment/cancel?listing=1`,
      }),
    ).toEqual({
      successUrl: `${SPA}/payment/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${SPA}/payment/cancel?listing=1`,
    });
  });

  it.each([
    ['an origin not allowed', 'https://evil.example/payment/success', 'https://evil.example/payment/cancel'],
    ['two origins', `${SPA}/payment/success`, 'http://localhost:3000/payment/cancel'],
    ['no URL', 'javascript:alert(1)', `${SPA}/payment/cancel`],
  ])('refuses return pages on %s', (_case, successUrl, cancelUrl) => {
    expect(() => checkoutUrlsOnOrigin(appOrigins, { successUrl, cancelUrl })).toThrow(/must be on/);
  });
});

describe('an API beside an SPA on another origin', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { CORS_ORIGINS: SPA } });
  });
  afterAll(() => server.close());

  it('answers the SPA’s preflight with its origin and the bearer header allowed', async () => {
    const reply = await fetch(`${server.url}/api/listings`, {
      method: 'OPTIONS',
      headers: {
        Origin: SPA,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type',
      },
    });
    expect(reply.status).toBe(204);
    expect(reply.headers.get('access-control-allow-origin')).toBe(SPA);
    expect(reply.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
  });

  it('sends sign-in back to the SPA’s origin, and to no other', async () => {
    const back = await server.request(
      `/auth/v1/authorize?provider=google&redirect_to=${encodeURIComponent(`${SPA}/profile`)}`,
    );
    expect(back.status).toBe(200);
    // The page's form is answered by a redirect to the SPA: Chromium holds that redirect to the page's form-action.
    expect(back.headers.get('content-security-policy')).toContain(`form-action 'self' ${SPA}`);
    const elsewhere = await server.request(
      `/auth/v1/authorize?provider=google&redirect_to=${encodeURIComponent('https://evil.example/profile')}`,
    );
    expect(elsewhere.status).toBe(400);
  });
});
