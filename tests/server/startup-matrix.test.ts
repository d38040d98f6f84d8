import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdapters } from '../../server/adapters.ts';
import { createApp } from '../../server/app.ts';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { createSelfOrigin } from '../../server/http/self-origin.ts';
import { standInsInUse } from '../../server/stand-in-policy.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

/**
 * Every combination of NODE_ENV, a loopback or public PUBLIC_URL, DEMO_MODE and the provider variables: which
 * stand-ins answer over HTTP, or the one line start-up refuses with.
 */
const PROVIDERS = {
  email: { SMTP_URL: 'smtp://relay.example:587' },
  'sign-in': { SUPABASE_URL: 'https://ref.supabase.co', SUPABASE_ANON_KEY: 'anon' },
  'hotel system': {
    MEWS_PLATFORM_URL: 'https://api.mews.com',
    MEWS_CLIENT_TOKEN: 'client',
    MEWS_ACCESS_TOKENS: 'hotel-a',
    MEWS_WEBHOOK_TOKEN: 'w'.repeat(40),
    MEWS_INTEGRATION_WEBHOOK_TOKEN: 'i'.repeat(40),
  },
  payments: {
    STRIPE_SECRET_KEY: 'sk_live_abc',
    STRIPE_WEBHOOK_SECRET: 'whsec_abc',
    STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_connect_abc',
  },
} as const;
type Service = keyof typeof PROVIDERS;
const SERVICES = Object.keys(PROVIDERS) as Service[];

/** The provider sets tried: none, all, and all but one (each service alone on its stand-in). */
const PROVIDER_SETS: { name: string; real: Service[] }[] = [
  { name: 'no providers', real: [] },
  { name: 'all providers', real: SERVICES },
  ...SERVICES.map((missing) => ({
    name: `all but ${missing}`,
    real: SERVICES.filter((service) => service !== missing),
  })),
];
const ORIGINS = { loopback: 'http://127.0.0.1:3000', public: 'https://restay.example' } as const;
const NODE_ENVS = ['development', 'test', 'production'] as const;

/** How each stand-in is seen from outside: a route only it serves. */
const PROBES: Record<Service, { method: string; path: string }> = {
  email: { method: 'GET', path: '/dev/mailbox.json' },
  'sign-in': { method: 'POST', path: '/auth/v1/authorize/dev' },
  'hotel system': { method: 'GET', path: '/dev/pms.json' },
  payments: { method: 'POST', path: '/v1/checkout/sessions' },
};

type Case = {
  nodeEnv: (typeof NODE_ENVS)[number];
  origin: keyof typeof ORIGINS;
  demo: boolean;
  providers: (typeof PROVIDER_SETS)[number];
};
const CASES: Case[] = NODE_ENVS.flatMap((nodeEnv) =>
  (['loopback', 'public'] as const).flatMap((origin) =>
    [false, true].flatMap((demo) => PROVIDER_SETS.map((providers) => ({ nodeEnv, origin, demo, providers }))),
  ),
);

function environment({ nodeEnv, origin, demo, providers }: Case): Record<string, string> {
  return {
    NODE_ENV: nodeEnv,
    PUBLIC_URL: ORIGINS[origin],
    PORT: '0',
    LOG_LEVEL: 'silent',
    TRUST_PROXY: '1',
    CODE_HMAC_KEY: 'k'.repeat(64),
    HOTEL_TOKEN_KEY: 'ab'.repeat(32),
    HOTEL_LINK_KEY: 'cd'.repeat(32),
    ALERTS_SECRET: 'a'.repeat(64),
    ...(demo ? { DEMO_MODE: 'true' } : {}),
    ...Object.assign({}, ...providers.real.map((service) => PROVIDERS[service])),
  };
}

/** What the rules say should happen, written out independently of the implementation. */
function expected({ nodeEnv, origin, demo, providers }: Case): { refuses: RegExp } | { mounted: Service[] } {
  const onStandIn = SERVICES.filter((service) => !providers.real.includes(service));
  if (nodeEnv === 'production' && demo) return { refuses: /^DEMO_MODE: cannot be true when NODE_ENV=production/ };
  if (nodeEnv === 'production' && onStandIn.length)
    return { refuses: /^NODE_ENV=production never runs the local stand-ins/ };
  if (origin === 'public' && !demo && onStandIn.length)
    return { refuses: /^PUBLIC_URL https:\/\/restay\.example is not a loopback address/ };
  return { mounted: onStandIn };
}

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

async function mountedStandIns(env: Record<string, string>): Promise<Service[]> {
  const config = loadConfig(env);
  const logger = pino({ level: 'silent' });
  const selfOrigin = createSelfOrigin();
  const adapters = await createAdapters({ config, database, logger, clock: () => new Date(), selfOrigin });
  // On the interface the configuration chooses, as server/main.ts listens.
  const server = createApp({ config, database, logger, clock: () => new Date(), adapters }).listen(0, config.host);
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const { address, port } = server.address() as AddressInfo;
    // Stand-ins on because PUBLIC_URL is loopback (no DEMO_MODE): the socket answers this machine only.
    if (!env.DEMO_MODE && config.standInsAllowed && standInsInUse(env).length) expect(address).toBe('127.0.0.1');
    const base = `http://127.0.0.1:${port}`;
    const answers = await Promise.all(
      SERVICES.map(async (service) => {
        const { method, path } = PROBES[service];
        const reply = await fetch(base + path, { method });
        await reply.arrayBuffer();
        return reply.status === 404 ? [] : [service];
      }),
    );
    return answers.flat();
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('start-up matrix: which stand-ins mount, or which line refuses', () => {
  it.each(
    CASES.map(
      (c) =>
        [
          `${c.nodeEnv}, ${c.origin} PUBLIC_URL, DEMO_MODE ${c.demo ? 'true' : 'unset'}, ${c.providers.name}`,
          c,
        ] as const,
    ),
  )('%s', async (_name, testCase) => {
    const env = environment(testCase);
    const outcome = expected(testCase);
    if ('refuses' in outcome) {
      let error: unknown;
      try {
        loadConfig(env);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ConfigError);
      const [heading, ...problems] = (error as Error).message.split('\n');
      expect(heading).toBe('Invalid configuration:');
      // One clear line, naming every variable still to set.
      expect(problems).toHaveLength(1);
      expect(problems[0]!.trim()).toMatch(outcome.refuses);
      return;
    }
    expect((await mountedStandIns(env)).sort()).toEqual([...outcome.mounted].sort());
  });

  it.each(NODE_ENVS)('refuses real payments without the Connect webhook secret, in one line (%s)', (nodeEnv) => {
    const env = environment({ nodeEnv, origin: 'public', demo: false, providers: PROVIDER_SETS[1]! });
    delete env.STRIPE_CONNECT_WEBHOOK_SECRET;
    expect(() => loadConfig(env)).toThrow(
      /^Invalid configuration:\n {2}STRIPE_CONNECT_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY \(the signing secret of the Connect webhook endpoint <PUBLIC_URL>\/api\/payment\/connect-webhook\)$/,
    );
  });

  it('names every variable to set, and DEMO_MODE, in the refusal for a public origin', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'https://restay.example' })).toThrow(
      'PUBLIC_URL https://restay.example is not a loopback address, and email, sign-in, hotel system, payments would run on local stand-ins: ' +
        'set SMTP_URL; SUPABASE_URL and SUPABASE_ANON_KEY (or GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET); ' +
        'MEWS_PLATFORM_URL, MEWS_CLIENT_TOKEN and MEWS_ACCESS_TOKENS; STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_CONNECT_WEBHOOK_SECRET, or DEMO_MODE=true for a public demo.',
    );
  });

  it('no combination with a public origin and without DEMO_MODE mounts any stand-in', async () => {
    const publicWithoutDemo = CASES.filter((c) => c.origin === 'public' && !c.demo);
    for (const testCase of publicWithoutDemo) {
      const outcome = expected(testCase);
      if ('mounted' in outcome) expect(await mountedStandIns(environment(testCase))).toEqual([]);
    }
  });

  it('refuses a non-loopback HOST with one line while stand-ins run for a loopback PUBLIC_URL', () => {
    expect(() => loadConfig({ HOST: '0.0.0.0' })).toThrow(
      /^Invalid configuration:\n {2}HOST: 0\.0\.0\.0 is not a loopback address, and the local stand-ins \(email, sign-in, hotel system, payments\) are on because PUBLIC_URL is loopback: unset HOST/,
    );
    expect(loadConfig({ HOST: '127.0.0.1' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: 'localhost' }).host).toBe('localhost');
    // A deliberate public demo, or no stand-in at all, listens wherever it is told (0.0.0.0 by default).
    expect(loadConfig({ DEMO_MODE: 'true' }).host).toBe('0.0.0.0');
    const real = Object.assign({}, ...SERVICES.map((service) => PROVIDERS[service]));
    expect(loadConfig({ ...real, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('treats localhost, 127.x and [::1] as loopback, and everything else as public', () => {
    for (const url of ['http://localhost:3000', 'http://app.localhost', 'http://127.0.0.2:8080', 'http://[::1]:3000']) {
      expect(loadConfig({ PUBLIC_URL: url }).standInsAllowed).toBe(true);
    }
    for (const url of [
      'http://10.0.0.5:3000',
      'https://localhost.example.com',
      'http://0.0.0.0:3000',
      'http://192.168.1.2',
    ]) {
      expect(() => loadConfig({ PUBLIC_URL: url })).toThrow(/is not a loopback address/);
    }
  });
});
