import { createHmac } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { loadLocalSecrets, randomLocalSecrets, type LocalSecrets } from './local-secrets.ts';
import { isLoopbackHost, standInPolicy, standInsInUse } from './stand-in-policy.ts';
import { PAYOUT_RELEASES } from '../contract/payouts.ts';
import { parseTokenKey } from './hotels/token-cipher.ts';
import { ECB_DAILY_URL } from './rates/rates-source.ts';
import { parseAuth, parseOrigins, parsePayments, parsePms, parseTrustProxy, trimSlashes } from './config-sections.ts';

/** `.env` lines like `DATABASE_URL=` mean "unset", not "empty": every optional variable goes through this. */
const unset = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(unset, schema.optional());
const withDefault = <T extends z.ZodType>(schema: T, fallback: z.input<T>) =>
  z.preprocess(unset, schema.default(fallback as never));

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });
const tokenKey = z
  .string()
  .refine((text) => parseTokenKey(text) !== null, '32 bytes as 64 hex digits (e.g. openssl rand -hex 32)');

const environmentSchema = z.object({
  NODE_ENV: withDefault(z.enum(['development', 'production', 'test']), 'development'),
  PORT: withDefault(z.coerce.number().int().min(0).max(65_535), 3000),
  HOST: optional(z.string().min(1)),
  PUBLIC_URL: optional(httpUrl),
  DATA_DIR: withDefault(z.string().min(1), './data'),
  DATABASE_URL: optional(z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })),
  LOG_LEVEL: withDefault(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  CORS_ORIGINS: optional(z.string()),
  TRUST_PROXY: optional(z.string()),
  SMTP_URL: optional(z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' })),
  MAIL_FROM: withDefault(z.string().min(3), 'Restay <no-reply@restay.travel>'),
  CONTACT_INBOX: withDefault(z.email({ error: 'must be an email address' }), 'hello@restay.travel'),
  UNSPLASH_ACCESS_KEY: optional(z.string()),
  GOOGLE_MAPS_API_KEY: optional(z.string().trim()),
  SUPABASE_URL: optional(httpUrl),
  SUPABASE_ANON_KEY: optional(z.string()),
  SUPABASE_JWT_SECRET: optional(z.string()),
  GOOGLE_CLIENT_ID: optional(z.string()),
  GOOGLE_CLIENT_SECRET: optional(z.string()),
  GOOGLE_ISSUER_URL: optional(httpUrl),
  MEWS_PLATFORM_URL: optional(httpUrl),
  MEWS_CLIENT_TOKEN: optional(z.string()),
  MEWS_ACCESS_TOKENS: optional(z.string()),
  MEWS_CLIENT_NAME: withDefault(z.string().min(1), 'Restay 1.0.0'),
  MEWS_WEBHOOK_TOKEN: optional(z.string().min(32, 'must be at least 32 characters (e.g. openssl rand -hex 32)')),
  MEWS_INTEGRATION_WEBHOOK_TOKEN: optional(
    z.string().min(32, 'must be at least 32 characters (e.g. openssl rand -hex 32)'),
  ),
  CODE_REQUESTS_PER_ADDRESS: withDefault(z.coerce.number().int().min(1).max(10_000), 20),
  SIGN_INS_PER_ADDRESS: withDefault(z.coerce.number().int().min(1).max(10_000), 10),
  MEWS_LOOKUP_DEADLINE_MS: withDefault(z.coerce.number().int().min(100).max(60_000), 12_000),
  MEWS_BREAKER_FAILURES: withDefault(z.coerce.number().int().min(1).max(100), 3),
  MEWS_BREAKER_COOLDOWN_MS: withDefault(z.coerce.number().int().min(100).max(3_600_000), 30_000),
  HOTEL_TOKEN_KEY: optional(tokenKey),
  HOTEL_TOKEN_KEY_PREVIOUS: optional(tokenKey),
  HOTEL_LINK_KEY: optional(z.string().min(32, 'must be at least 32 characters')),
  MAX_MARKUP_PERCENT: withDefault(z.coerce.number().min(0).max(1000), 0),
  PLATFORM_FEE_PERCENT: withDefault(z.coerce.number().min(0).max(100), 0),
  PAYOUT_RELEASE: withDefault(z.enum(PAYOUT_RELEASES, { error: 'must be transferred or check_in' }), 'transferred'),
  JOBS_RETENTION_DAYS: withDefault(z.coerce.number().int().min(1, 'must be a whole number of days, at least 1'), 30),
  STRIPE_SECRET_KEY: optional(
    z.string().regex(/^(sk|rk)_(test|live)_/, 'must be a Stripe secret key (sk_... or rk_...)'),
  ),
  STRIPE_WEBHOOK_SECRET: optional(z.string().startsWith('whsec_', 'must be a webhook signing secret (whsec_...)')),
  STRIPE_SETTLEMENT_CURRENCY: withDefault(
    z
      .string()
      .regex(/^[A-Za-z]{3}$/, 'must be a three-letter ISO 4217 currency code (e.g. EUR)')
      .transform((code) => code.toUpperCase()),
    'EUR',
  ),
  STRIPE_CONNECT_WEBHOOK_SECRET: optional(
    z.string().startsWith('whsec_', 'must be a webhook signing secret (whsec_...)'),
  ),
  ALERTS_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  STRIPE_PUBLISHABLE_KEY: optional(z.string().startsWith('pk_', 'must be a publishable key (pk_...)')),
  DEMO_MODE: withDefault(z.enum(['true', 'false'], { error: 'must be true or false' }), 'false'),
  DEMO_OPERATOR_TOKEN: optional(z.string().min(32, 'must be at least 32 characters (e.g. openssl rand -hex 32)')),
  CODE_HMAC_KEY: optional(z.string().min(32, 'must be at least 32 characters (e.g. openssl rand -hex 32)')),
  EXCHANGE_RATES_URL: optional(httpUrl),
});

export type Environment = z.output<typeof environmentSchema>;
export type Issues = { add(variable: string, message: string): void };

/** The environment parsed into the one typed configuration; a bad value names its variable. */
const configSchema = environmentSchema.transform((env, context) => {
  const issues: Issues = {
    add: (variable, message) => context.addIssue({ code: 'custom', path: [variable], message }),
  };
  const isProduction = env.NODE_ENV === 'production';
  const publicUrl = trimSlashes(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`);
  const demoMode = env.DEMO_MODE === 'true';
  const inUse = standInsInUse(env);
  const standIns = standInPolicy({ isProduction, publicUrl, demoMode, inUse });
  // Stand-ins on because PUBLIC_URL is loopback (not a deliberate demo) answer this machine only.
  const loopbackOnly = standIns.allowed && !demoMode && inUse.length > 0;
  const host = env.HOST ?? (loopbackOnly ? '127.0.0.1' : '0.0.0.0');
  if (loopbackOnly && !isLoopbackHost(host))
    issues.add(
      'HOST',
      `${host} is not a loopback address, and the local stand-ins (${inUse.map((use) => use.service).join(', ')}) ` +
        'are on because PUBLIC_URL is loopback: unset HOST (the server then listens on 127.0.0.1 only), or set ' +
        'DEMO_MODE=true for a public demo.',
    );
  if (isProduction && demoMode)
    issues.add('DEMO_MODE', 'cannot be true when NODE_ENV=production (a demo takes no real money)');
  else if (standIns.refusal) issues.add('', standIns.refusal);
  // Without the key, a copy of the database alone would be enough to recompute every outstanding code.
  if (isProduction && !env.CODE_HMAC_KEY)
    issues.add('CODE_HMAC_KEY', 'required when NODE_ENV=production (e.g. openssl rand -hex 32)');
  // The default (localhost) would put links nobody can open into every email and accept no real redirect.
  if (isProduction && !env.PUBLIC_URL)
    issues.add('PUBLIC_URL', 'required when NODE_ENV=production (the public https:// origin)');
  // Hotels' access tokens are stored encrypted under it: a random key would make them unreadable after a restart.
  if (isProduction && !env.HOTEL_TOKEN_KEY)
    issues.add('HOTEL_TOKEN_KEY', 'required when NODE_ENV=production (e.g. openssl rand -hex 32)');
  if (env.HOTEL_TOKEN_KEY_PREVIOUS && !env.HOTEL_TOKEN_KEY)
    issues.add('HOTEL_TOKEN_KEY_PREVIOUS', 'needs HOTEL_TOKEN_KEY, the key the stored tokens are rotated to');
  // Apart from the token key: a leak of one (a link forged, or a token read) gives nothing of the other.
  if (isProduction && !env.HOTEL_LINK_KEY)
    issues.add('HOTEL_LINK_KEY', 'required when NODE_ENV=production (it signs hotel invitation links)');
  if (isProduction && !env.ALERTS_SECRET)
    issues.add('ALERTS_SECRET', 'required when NODE_ENV=production (it signs unsubscribe links)');
  const corsOrigins = parseOrigins(env.CORS_ORIGINS, issues);
  return {
    nodeEnv: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    /** HOST; unset: 127.0.0.1 while local stand-ins run for a loopback PUBLIC_URL, else 0.0.0.0. */
    host,
    /** The product's own origin, e.g. http://localhost:3000: links in emails, allowed redirect targets. */
    publicUrl,
    /** A public demo on stand-ins: every page says so. */
    demoMode,
    /** With DEMO_MODE, lets its holder refund any payment from the test dashboard (buyers refund their own). */
    demoOperatorToken: env.DEMO_OPERATOR_TOKEN ?? null,
    /** Whether the local stand-ins may be mounted (a loopback PUBLIC_URL or DEMO_MODE, never production). */
    standInsAllowed: standIns.allowed,
    /** CODE_HMAC_KEY; unset: the data directory's own random key (never in production). */
    codeHmacKey: env.CODE_HMAC_KEY,
    /** Local state; the embedded PGlite database lives in `dataDir/pglite`. */
    dataDir: path.resolve(env.DATA_DIR),
    /** Unset: the embedded PGlite database in `dataDir`. */
    databaseUrl: env.DATABASE_URL,
    logLevel: env.LOG_LEVEL,
    /** Origins allowed to call the API from a browser besides the product's own. */
    corsOrigins,
    /**
     * Where the SPA may run: the product's own origin and each of CORS_ORIGINS (the SPA on a static host or CDN,
     * the API elsewhere). Browsers may call the API from them, and sign-in and checkout return only to them.
     */
    appOrigins: [new URL(publicUrl).origin, ...corsOrigins],
    /** Express's `trust proxy`: which hop's address is the client's (rate limits, logs). */
    trustProxy: parseTrustProxy(env.TRUST_PROXY, isProduction, issues),
    /** Unset: the dev mailbox (stored in the database, listed at /dev/mailbox); refused in production. */
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    /** Where contact-form notifications go; matches the address in the footer by default. */
    contactInbox: env.CONTACT_INBOX,
    /** Unset: the stock photos shipped in public/ are served instead of Unsplash search results. */
    unsplashAccessKey: env.UNSPLASH_ACCESS_KEY,
    /** Browser key for Google Maps on the marketplace; null: the map uses Leaflet and OpenStreetMap. */
    googleMapsApiKey: env.GOOGLE_MAPS_API_KEY || null,
    auth: parseAuth(env, issues),
    pms: parsePms(env, issues),
    /**
     * How long one reservation lookup waits for the hotels' systems before answering "not answering", and after
     * how many failures in a row a hotel is skipped, for how long (per process): one slow hotel slows nobody else.
     */
    hotelCalls: {
      lookupDeadlineMs: env.MEWS_LOOKUP_DEADLINE_MS,
      breaker: { failures: env.MEWS_BREAKER_FAILURES, coolDownMs: env.MEWS_BREAKER_COOLDOWN_MS },
    },
    /** How far above the price paid at the hotel a seller may ask, in percent (0: never more than paid). */
    maxMarkupPercent: env.MAX_MARKUP_PERCENT,
    /** Verification codes one client address may ask for in 10 minutes, across accounts (several people behind one). */
    codeRequestsPerAddress: env.CODE_REQUESTS_PER_ADDRESS,
    /** Sign-ins one client address may start in a minute on the built-in auth server's sign-in form. */
    signInsPerAddress: env.SIGN_INS_PER_ADDRESS,
    alertsSecret: env.ALERTS_SECRET,
    mewsWebhookToken: env.MEWS_WEBHOOK_TOKEN,
    mewsIntegrationWebhookToken: env.MEWS_INTEGRATION_WEBHOOK_TOKEN,
    hotelTokenKey: env.HOTEL_TOKEN_KEY,
    /** The key stored tokens are being rotated away from: read only, until rotate-key has rewritten them. */
    hotelTokenKeyPrevious: env.HOTEL_TOKEN_KEY_PREVIOUS,
    hotelLinkKey: env.HOTEL_LINK_KEY,
    payments: parsePayments(env, issues),
    /**
     * The currency the platform's provider balance is kept in (its Stripe account's default currency): charges
     * in other currencies settle into it, and payouts are sent in it.
     */
    settlementCurrency: env.STRIPE_SETTLEMENT_CURRENCY,
    /**
     * Where the daily exchange rates are read (the ECB's daily reference rates file, or a copy of it): set, that URL;
     * unset, the stand-in's shipped file where the stand-ins may run, else the ECB's own.
     */
    rates: env.EXCHANGE_RATES_URL
      ? { mode: 'ecb' as const, url: env.EXCHANGE_RATES_URL }
      : standIns.allowed
        ? { mode: 'stand-in' as const }
        : { mode: 'ecb' as const, url: ECB_DAILY_URL },
    /** The platform's fee on each sale, and when the seller's payout is released. */
    payouts: { feePercent: env.PLATFORM_FEE_PERCENT, release: env.PAYOUT_RELEASE },
    /** Done jobs are deleted this many days after they finished. */
    jobs: { retentionDays: env.JOBS_RETENTION_DAYS },
  };
});

type ParsedConfig = z.output<typeof configSchema>;
export type Config = Omit<
  ParsedConfig,
  'codeHmacKey' | 'alertsSecret' | 'mewsWebhookToken' | 'mewsIntegrationWebhookToken' | 'hotelTokenKey' | 'hotelLinkKey'
> & {
  /** The HMAC key of verification codes: CODE_HMAC_KEY, else the data directory's own random key. */
  codeHmacKey: string;
  /** Signs the unsubscribe links of alert emails: ALERTS_SECRET, else a key derived from the data directory's. */
  alertsSecret: string;
  /** The secret the hotel's system appends as `?Token=` to its webhook calls: MEWS_WEBHOOK_TOKEN, else the data directory's. */
  mewsWebhookToken: string;
  /** The `?Token=` of the Integration Webhook (hotels connecting): MEWS_INTEGRATION_WEBHOOK_TOKEN, else the data directory's. */
  mewsIntegrationWebhookToken: string;
  /** Encrypts hotels' access tokens at rest: HOTEL_TOKEN_KEY, else the data directory's (never in production). */
  hotelTokenKey: string;
  /** Signs hotels' invitation links: HOTEL_LINK_KEY, else a key derived from the data directory's. */
  hotelLinkKey: string;
  /** Random keys of local runs (verification codes without CODE_HMAC_KEY, the test checkout). */
  localSecrets: LocalSecrets;
};
export type AuthConfig = Config['auth'];
export type GoogleConfig = NonNullable<Extract<AuthConfig, { mode: 'local' }>['google']>;
export type PmsConfig = Config['pms'];
export type PaymentsConfig = Config['payments'];

export class ConfigError extends Error {}

/**
 * The configuration of a running process: a `.env` file in the working directory, if any, then the
 * environment; local secrets are kept in DATA_DIR (production needs none: every key is configured there).
 */
export function loadProcessConfig(): Config {
  if (existsSync('.env')) process.loadEnvFile('.env');
  return loadConfig(process.env, (config) =>
    config.isProduction ? randomLocalSecrets() : loadLocalSecrets(config.dataDir),
  );
}

/** Parses the environment; local secrets are random in memory unless `localSecrets` keeps them somewhere. */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  localSecrets: (config: ParsedConfig) => LocalSecrets = randomLocalSecrets,
): Config {
  const parsed = configSchema.safeParse(env);
  if (parsed.success) {
    const secrets = localSecrets(parsed.data);
    return {
      ...parsed.data,
      codeHmacKey: parsed.data.codeHmacKey ?? secrets.codeHmacKey,
      // Its own key (not the code key itself), yet random per data directory like the others.
      alertsSecret:
        parsed.data.alertsSecret ??
        createHmac('sha256', secrets.codeHmacKey).update('alerts-unsubscribe').digest('hex'),
      mewsWebhookToken: parsed.data.mewsWebhookToken ?? secrets.mewsWebhookToken,
      mewsIntegrationWebhookToken: parsed.data.mewsIntegrationWebhookToken ?? secrets.mewsIntegrationWebhookToken,
      hotelTokenKey: parsed.data.hotelTokenKey ?? secrets.hotelTokenKey,
      hotelLinkKey:
        parsed.data.hotelLinkKey ?? createHmac('sha256', secrets.codeHmacKey).update('hotel-links').digest('hex'),
      localSecrets: secrets,
    };
  }
  // A refusal that is not about one variable (stand-ins) is its own line; the others name their variable.
  const problems = parsed.error.issues.map((issue) =>
    issue.path.join('.') ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
  );
  throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
}
