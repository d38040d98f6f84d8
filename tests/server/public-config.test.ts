import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicConfigSchema } from '../../contract/config.ts';
import { createAdapters } from '../../server/adapters.ts';
import { createApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { createSelfOrigin } from '../../server/http/self-origin.ts';
import { createTestDatabase } from '../helpers/test-database.ts';
import { TEST_CONFIG } from '../web/msw.ts';

const AUTH_MODES = {
  'built-in server, dev sign-in': {},
  'built-in server, Google': { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' },
  supabase: { SUPABASE_URL: 'https://abcd.supabase.co', SUPABASE_ANON_KEY: 'anon' },
} as const;
const PAYMENT_MODES = {
  'test checkout': {},
  stripe: {
    STRIPE_SECRET_KEY: 'sk_test_abc',
    STRIPE_WEBHOOK_SECRET: 'whsec_abc',
    STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_connect_abc',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
  },
} as const;
const DEMO = { local: {}, 'public demo': { PUBLIC_URL: 'https://demo.restay.example', DEMO_MODE: 'true' } } as const;

const MODES = Object.entries(AUTH_MODES).flatMap(([auth, authEnv]) =>
  Object.entries(PAYMENT_MODES).flatMap(([payments, paymentsEnv]) =>
    Object.entries(DEMO).map(([demo, demoEnv]) => ({
      name: `${auth}, ${payments}, ${demo}`,
      env: { ...authEnv, ...paymentsEnv, ...demoEnv },
    })),
  ),
);

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

/** GET /api/config and the CSP header of the real app under one configuration. */
async function serve(env: Record<string, string>) {
  const config = loadConfig({ NODE_ENV: 'test', PORT: '0', LOG_LEVEL: 'silent', ...env });
  const logger = pino({ level: 'silent' });
  const adapters = await createAdapters({
    config,
    database,
    logger,
    clock: () => new Date(),
    selfOrigin: createSelfOrigin(),
  });
  const server = createApp({ config, database, logger, clock: () => new Date(), adapters }).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const reply = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/config`);
    return { body: (await reply.json()).data, csp: reply.headers.get('content-security-policy') ?? '' };
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

const shape = (value: unknown): unknown =>
  value && typeof value === 'object'
    ? Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shape(inner)]))
    : typeof value;
const directive = (csp: string, name: string) =>
  csp.split(';').find((part) => part.trim().startsWith(`${name} `)) ?? '';

describe('GET /api/config', () => {
  it.each(MODES.map((mode) => [mode.name, mode.env] as const))(
    '%s: has the shape the web tests mock',
    async (_name, env) => {
      const { body } = await serve(env);
      expect(publicConfigSchema.parse(body)).toEqual(body);
      expect(Object.keys(body).sort()).toEqual(Object.keys(TEST_CONFIG).sort());
      expect(Object.keys(body.payments).sort()).toEqual(Object.keys(TEST_CONFIG.payments).sort());
      if ('STRIPE_PUBLISHABLE_KEY' in env)
        expect(body.payments).toEqual({ mode: 'stripe', publishableKey: 'pk_test_abc' });
      else expect(body.payments).toEqual({ mode: 'local', publishableKey: null });
      expect(body.demoMode).toBe('DEMO_MODE' in env);
      // Every value has the mock's type, or null where the mock has a string (and the other way round).
      const nullable = (type: unknown) => (type === 'object' || type === 'string' ? 'string|null' : type);
      const loose = (value: unknown): unknown =>
        value && typeof value === 'object' && !Array.isArray(value)
          ? Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, loose(inner)]))
          : nullable(value);
      expect(loose(shape(body))).toEqual(loose(shape(TEST_CONFIG)));
    },
  );
});

describe('Content-Security-Policy', () => {
  it.each(Object.entries(AUTH_MODES))('%s: the SPA may reach where it signs in', async (mode, env) => {
    const { csp } = await serve(env);
    const connect = directive(csp, 'connect-src');
    expect(connect).toContain("'self'");
    if (mode === 'supabase') expect(connect).toContain('https://abcd.supabase.co');
    else expect(connect).not.toContain('supabase.co');
  });

  it('lets Stripe.js load and call Stripe only with real Stripe', async () => {
    expect(directive((await serve(PAYMENT_MODES.stripe)).csp, 'connect-src')).toContain('https://api.stripe.com');
    expect(directive((await serve({})).csp, 'connect-src')).not.toContain('stripe');
  });
});
