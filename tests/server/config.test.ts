import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY } from '../../server/config-sections.ts';
import { loadConfig } from '../../server/config.ts';

/** What production needs besides the variable a test is about: real mail, PMS and payments. */
const PRODUCTION = {
  NODE_ENV: 'production',
  SMTP_URL: 'smtp://relay.example:587',
  MEWS_PLATFORM_URL: 'https://api.mews.com',
  MEWS_CLIENT_TOKEN: 'client',
  MEWS_ACCESS_TOKENS: 'hotel-a',
  MEWS_WEBHOOK_TOKEN: 'w'.repeat(40),
  MEWS_INTEGRATION_WEBHOOK_TOKEN: 'i'.repeat(40),
  HOTEL_TOKEN_KEY: 'f'.repeat(64),
  HOTEL_LINK_KEY: 'l'.repeat(64),
  STRIPE_SECRET_KEY: 'sk_live_abc',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc',
  STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_connect_abc',
  TRUST_PROXY: '1',
  CODE_HMAC_KEY: 'k'.repeat(64),
  PUBLIC_URL: 'https://restay.example',
  ALERTS_SECRET: 'a-production-secret-of-at-least-32-characters',
};
const SUPABASE = { SUPABASE_URL: 'https://r.supabase.co', SUPABASE_ANON_KEY: 'a' };

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      nodeEnv: 'development',
      isProduction: false,
      port: 3000,
      // The stand-ins run for the loopback PUBLIC_URL: they answer this machine only.
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      demoMode: false,
      demoOperatorToken: null,
      standInsAllowed: true,
      codeHmacKey: expect.any(String),
      localSecrets: {
        codeHmacKey: expect.any(String),
        stripeSecretKey: expect.any(String),
        stripeWebhookSecret: expect.any(String),
        stripeConnectWebhookSecret: expect.any(String),
        mewsWebhookToken: expect.any(String),
        mewsIntegrationWebhookToken: expect.any(String),
        hotelTokenKey: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      logLevel: 'info',
      corsOrigins: [],
      appOrigins: ['http://localhost:3000'],
      smtpUrl: undefined,
      mailFrom: 'Restay <no-reply@restay.travel>',
      contactInbox: 'hello@restay.travel',
      unsplashAccessKey: undefined,
      googleMapsApiKey: null,
      trustProxy: false,
      auth: { mode: 'local', anonKey: LOCAL_ANON_KEY, google: undefined },
      pms: { mode: 'demo' },
      hotelCalls: { lookupDeadlineMs: 12_000, breaker: { failures: 3, coolDownMs: 30_000 } },
      maxMarkupPercent: 0,
      codeRequestsPerAddress: 20,
      signInsPerAddress: 10,
      alertsSecret: expect.stringMatching(/^[0-9a-f]{64}$/),
      mewsWebhookToken: expect.stringMatching(/^[0-9a-f]{48}$/),
      mewsIntegrationWebhookToken: expect.stringMatching(/^[0-9a-f]{48}$/),
      hotelTokenKey: expect.stringMatching(/^[0-9a-f]{64}$/),
      hotelTokenKeyPrevious: undefined,
      hotelLinkKey: expect.stringMatching(/^[0-9a-f]{64}$/),
      payments: { mode: 'local', publishableKey: null },
      payouts: { feePercent: 0, release: 'transferred' },
      jobs: { retentionDays: 30 },
      rates: { mode: 'stand-in' },
      settlementCurrency: 'EUR',
    });
  });

  it('lets the SPA run on its own origin and on each of CORS_ORIGINS, and reads the ECB where no stand-in may run', () => {
    const split = loadConfig({
      PUBLIC_URL: 'https://api.restay.example',
      CORS_ORIGINS: 'https://restay.example',
      DEMO_MODE: 'true',
    });
    expect(split.appOrigins).toEqual(['https://api.restay.example', 'https://restay.example']);
    expect(loadConfig({ EXCHANGE_RATES_URL: 'https://rates.example/daily.xml' }).rates).toEqual({
      mode: 'ecb',
      url: 'https://rates.example/daily.xml',
    });
  });

  it('reads the payout settings and names a bad one', () => {
    expect(loadConfig({ PLATFORM_FEE_PERCENT: '12.5', PAYOUT_RELEASE: 'check_in' }).payouts).toEqual({
      feePercent: 12.5,
      release: 'check_in',
    });
    expect(() => loadConfig({ PLATFORM_FEE_PERCENT: '101' })).toThrow(/PLATFORM_FEE_PERCENT/);
    expect(() => loadConfig({ PAYOUT_RELEASE: 'tomorrow' })).toThrow(/PAYOUT_RELEASE: must be transferred or check_in/);
  });

  it('keeps done jobs 30 days unless JOBS_RETENTION_DAYS says otherwise, and names a bad value', () => {
    expect(loadConfig({}).jobs).toEqual({ retentionDays: 30 });
    expect(loadConfig({ JOBS_RETENTION_DAYS: '7' }).jobs).toEqual({ retentionDays: 7 });
    expect(() => loadConfig({ JOBS_RETENTION_DAYS: '0' })).toThrow(/JOBS_RETENTION_DAYS: must be a whole number/);
    expect(() => loadConfig({ JOBS_RETENTION_DAYS: 'a month' })).toThrow(/JOBS_RETENTION_DAYS/);
  });

  it('reads how many codes one address may ask for, and names a bad value', () => {
    expect(loadConfig({ CODE_REQUESTS_PER_ADDRESS: '200' }).codeRequestsPerAddress).toBe(200);
    expect(() => loadConfig({ CODE_REQUESTS_PER_ADDRESS: '0' })).toThrow(/CODE_REQUESTS_PER_ADDRESS/);
    expect(loadConfig({ SIGN_INS_PER_ADDRESS: '500' }).signInsPerAddress).toBe(500);
    expect(() => loadConfig({ SIGN_INS_PER_ADDRESS: '0' })).toThrow(/SIGN_INS_PER_ADDRESS/);
  });

  it('reads GOOGLE_MAPS_API_KEY, empty meaning none', () => {
    expect(loadConfig({ GOOGLE_MAPS_API_KEY: 'AIza-test' }).googleMapsApiKey).toBe('AIza-test');
    expect(loadConfig({ GOOGLE_MAPS_API_KEY: '' }).googleMapsApiKey).toBeNull();
  });

  it('reads the mail and photo settings', () => {
    const config = loadConfig({
      SMTP_URL: 'smtps://user:pass@smtp.example:465',
      MAIL_FROM: 'Team <team@restay.example>',
      CONTACT_INBOX: 'inbox@restay.example',
      UNSPLASH_ACCESS_KEY: 'key-123',
    });
    expect(config).toMatchObject({
      smtpUrl: 'smtps://user:pass@smtp.example:465',
      mailFrom: 'Team <team@restay.example>',
      contactInbox: 'inbox@restay.example',
      unsplashAccessKey: 'key-123',
    });
  });

  it('refuses production without SMTP_URL: the dev mailbox never runs in production', () => {
    expect(() => loadConfig({ ...PRODUCTION, ...SUPABASE, SMTP_URL: undefined })).toThrow(
      /NODE_ENV=production never runs the local stand-ins, and email would run on them: set SMTP_URL\./,
    );
    expect(loadConfig({ ...PRODUCTION, ...SUPABASE }).isProduction).toBe(true);
  });

  it('refuses production without ALERTS_SECRET: unset, a deployment would sign with a key derived from a throwaway one', () => {
    expect(() => loadConfig({ ...PRODUCTION, ...SUPABASE, ALERTS_SECRET: undefined })).toThrow(
      /ALERTS_SECRET: required when NODE_ENV=production/,
    );
    expect(loadConfig({ ...PRODUCTION, ...SUPABASE }).alertsSecret).toBe(PRODUCTION.ALERTS_SECRET);
  });

  it('chooses Supabase when SUPABASE_URL is set, and needs its anon key', () => {
    expect(loadConfig({ SUPABASE_URL: 'https://ref.supabase.co/', SUPABASE_ANON_KEY: 'anon' }).auth).toEqual({
      mode: 'supabase',
      supabaseUrl: 'https://ref.supabase.co',
      anonKey: 'anon',
      jwtSecret: undefined,
    });
    expect(() => loadConfig({ SUPABASE_URL: 'https://ref.supabase.co' })).toThrow(/SUPABASE_ANON_KEY/);
  });

  it('uses real Google in local mode only with both Google credentials', () => {
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' }).auth).toMatchObject({
      mode: 'local',
      google: { clientId: 'id', clientSecret: 'secret', issuerUrl: 'https://accounts.google.com' },
    });
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'id' })).toThrow(/GOOGLE_CLIENT_SECRET/);
  });

  it('refuses production with only the development sign-in page', () => {
    expect(() => loadConfig(PRODUCTION)).toThrow(
      /sign-in would run on them: set SUPABASE_URL and SUPABASE_ANON_KEY \(or GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET\)/,
    );
    expect(loadConfig({ ...PRODUCTION, ...SUPABASE }).auth.mode).toBe('supabase');
    expect(loadConfig({ ...PRODUCTION, GOOGLE_CLIENT_ID: 'i', GOOGLE_CLIENT_SECRET: 's' }).auth.mode).toBe('local');
  });

  it('refuses production with the demo PMS or the test checkout', () => {
    expect(() =>
      loadConfig({
        ...PRODUCTION,
        ...SUPABASE,
        MEWS_PLATFORM_URL: undefined,
        MEWS_CLIENT_TOKEN: undefined,
        MEWS_ACCESS_TOKENS: undefined,
      }),
    ).toThrow(/hotel system would run on them: set MEWS_PLATFORM_URL, MEWS_CLIENT_TOKEN and MEWS_ACCESS_TOKENS\./);
    expect(() => loadConfig({ ...PRODUCTION, ...SUPABASE, STRIPE_SECRET_KEY: undefined })).toThrow(
      /payments would run on them: set STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_CONNECT_WEBHOOK_SECRET\./,
    );
    expect(() => loadConfig({ ...PRODUCTION, ...SUPABASE, STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(/test key/);
  });

  it('reads the Mews hotels, one access token each', () => {
    expect(
      loadConfig({
        MEWS_PLATFORM_URL: 'https://api.mews-demo.com/',
        MEWS_CLIENT_TOKEN: 'ct',
        MEWS_ACCESS_TOKENS: 'a, b,',
      }).pms,
    ).toEqual({
      mode: 'mews',
      platformUrl: 'https://api.mews-demo.com',
      clientToken: 'ct',
      accessTokens: ['a', 'b'],
      clientName: 'Restay 1.0.0',
    });
    expect(() => loadConfig({ MEWS_CLIENT_TOKEN: 'ct' })).toThrow(/MEWS_PLATFORM_URL: required/);
  });

  it('requires HOTEL_TOKEN_KEY (32 bytes) and the integration webhook token in production', () => {
    expect(() => loadConfig({ ...PRODUCTION, ...SUPABASE, HOTEL_TOKEN_KEY: undefined })).toThrow(/HOTEL_TOKEN_KEY/);
    expect(() => loadConfig({ ...PRODUCTION, ...SUPABASE, HOTEL_TOKEN_KEY: 'short' })).toThrow(/HOTEL_TOKEN_KEY/);
    expect(() => loadConfig({ ...PRODUCTION, ...SUPABASE, MEWS_INTEGRATION_WEBHOOK_TOKEN: undefined })).toThrow(
      /MEWS_INTEGRATION_WEBHOOK_TOKEN/,
    );
    expect(loadConfig({ ...PRODUCTION, ...SUPABASE }).hotelTokenKey).toBe('f'.repeat(64));
  });

  it('requires HOTEL_LINK_KEY in production, a secret apart from the token key; locally derives one', () => {
    expect(() => loadConfig({ ...PRODUCTION, ...SUPABASE, HOTEL_LINK_KEY: undefined })).toThrow(
      /HOTEL_LINK_KEY: required/,
    );
    expect(() => loadConfig({ ...PRODUCTION, ...SUPABASE, HOTEL_LINK_KEY: 'short' })).toThrow(/HOTEL_LINK_KEY/);
    expect(loadConfig({ ...PRODUCTION, ...SUPABASE }).hotelLinkKey).toBe('l'.repeat(64));
    const local = loadConfig({});
    expect(local.hotelLinkKey).toMatch(/^[0-9a-f]{64}$/);
    expect(local.hotelLinkKey).not.toBe(local.hotelTokenKey);
  });

  it('reads HOTEL_TOKEN_KEY_PREVIOUS only beside HOTEL_TOKEN_KEY, and of the same shape', () => {
    expect(
      loadConfig({ ...PRODUCTION, ...SUPABASE, HOTEL_TOKEN_KEY_PREVIOUS: 'e'.repeat(64) }).hotelTokenKeyPrevious,
    ).toBe('e'.repeat(64));
    expect(() => loadConfig({ ...PRODUCTION, ...SUPABASE, HOTEL_TOKEN_KEY_PREVIOUS: 'short' })).toThrow(
      /HOTEL_TOKEN_KEY_PREVIOUS/,
    );
    expect(() => loadConfig({ HOTEL_TOKEN_KEY_PREVIOUS: 'e'.repeat(64) })).toThrow(
      /HOTEL_TOKEN_KEY_PREVIOUS: needs HOTEL_TOKEN_KEY/,
    );
  });

  it('takes the Mews webhook token from MEWS_WEBHOOK_TOKEN, else the data directory’s; production must set it', () => {
    const local = loadConfig({});
    expect(local.mewsWebhookToken).toBe(local.localSecrets.mewsWebhookToken);
    expect(loadConfig({ MEWS_WEBHOOK_TOKEN: 'x'.repeat(32) }).mewsWebhookToken).toBe('x'.repeat(32));
    expect(() => loadConfig({ MEWS_WEBHOOK_TOKEN: 'short' })).toThrow(
      /MEWS_WEBHOOK_TOKEN: must be at least 32 characters/,
    );
    expect(() => loadConfig({ ...PRODUCTION, ...SUPABASE, MEWS_WEBHOOK_TOKEN: undefined })).toThrow(
      /MEWS_WEBHOOK_TOKEN: required with Mews when NODE_ENV=production/,
    );
    expect(loadConfig({ ...PRODUCTION, ...SUPABASE }).mewsWebhookToken).toBe(PRODUCTION.MEWS_WEBHOOK_TOKEN);
  });

  it('reads Stripe, whose webhook secret is required with the key', () => {
    expect(
      loadConfig({
        STRIPE_SECRET_KEY: 'sk_test_1',
        STRIPE_WEBHOOK_SECRET: 'whsec_1',
        STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_2',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
      }).payments,
    ).toEqual({
      mode: 'stripe',
      secretKey: 'sk_test_1',
      webhookSecret: 'whsec_1',
      connectWebhookSecret: 'whsec_2',
      publishableKey: 'pk_test_1',
    });
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/STRIPE_WEBHOOK_SECRET: required/);
    // Payouts go through Connect: its endpoint's secret is required with the key, as the platform endpoint's is.
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' })).toThrow(
      /STRIPE_CONNECT_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY/,
    );
  });

  it('reads TRUST_PROXY as Express takes it', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toBe('loopback, 10.0.0.0/8');
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });

  it('refuses TRUST_PROXY=true, which lets clients pick their own address', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: true is refused/);
  });

  it('requires TRUST_PROXY and CODE_HMAC_KEY in production', () => {
    expect(() => loadConfig({ ...PRODUCTION, ...SUPABASE, TRUST_PROXY: undefined })).toThrow(
      /TRUST_PROXY: required when NODE_ENV=production/,
    );
    expect(loadConfig({ ...PRODUCTION, ...SUPABASE, TRUST_PROXY: '0' }).trustProxy).toBe(0);
    expect(() => loadConfig({ ...PRODUCTION, ...SUPABASE, CODE_HMAC_KEY: undefined })).toThrow(
      /CODE_HMAC_KEY: required when NODE_ENV=production/,
    );
    expect(() => loadConfig({ CODE_HMAC_KEY: 'short' })).toThrow(/CODE_HMAC_KEY: must be at least 32 characters/);
  });

  it('requires PUBLIC_URL and ALERTS_SECRET in production', () => {
    expect(() => loadConfig({ ...PRODUCTION, ...SUPABASE, PUBLIC_URL: undefined })).toThrow(
      /PUBLIC_URL: required when NODE_ENV=production/,
    );
    expect(() => loadConfig({ ...PRODUCTION, ...SUPABASE, ALERTS_SECRET: undefined })).toThrow(
      /ALERTS_SECRET: required when NODE_ENV=production/,
    );
  });

  it('refuses DEMO_MODE in production, and allows the stand-ins on a public origin only with DEMO_MODE', () => {
    expect(() => loadConfig({ ...PRODUCTION, ...SUPABASE, DEMO_MODE: 'true' })).toThrow(
      /DEMO_MODE: cannot be true when NODE_ENV=production/,
    );
    expect(loadConfig({ PUBLIC_URL: 'https://demo.restay.example', DEMO_MODE: 'true' })).toMatchObject({
      demoMode: true,
      standInsAllowed: true,
    });
    expect(loadConfig({ ...PRODUCTION, ...SUPABASE }).standInsAllowed).toBe(false);
  });

  it('derives PUBLIC_URL from PORT and trims a trailing slash from an explicit one', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://restay.example/', DEMO_MODE: 'true' }).publicUrl).toBe(
      'https://restay.example',
    );
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PUBLIC_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('parses CORS_ORIGINS into origins', () => {
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example, http://b.example:8080' }).corsOrigins).toEqual([
      'https://a.example',
      'http://b.example:8080',
    ]);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['NODE_ENV', 'staging'],
    ['LOG_LEVEL', 'loud'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['PUBLIC_URL', 'not a url'],
    ['CORS_ORIGINS', 'https://a.example/path'],
    ['SMTP_URL', 'http://smtp.example'],
    ['CONTACT_INBOX', 'not-an-email'],
    ['MAX_MARKUP_PERCENT', '-5'],
    ['STRIPE_SECRET_KEY', 'pk_test_oops'],
    ['DEMO_MODE', 'yes'],
  ])('refuses a bad %s (%s) with a message naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});
