import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** Not a secret: the built-in server only needs the client to send something in the apikey header. */
export const LOCAL_ANON_KEY = 'restay-local-anon-key';

/** `.env` lines like `DATABASE_URL=` mean "unset", not "empty": every optional variable goes through this. */
const unset = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(unset, schema.optional());
const withDefault = <T extends z.ZodType>(schema: T, fallback: z.input<T>) =>
  z.preprocess(unset, schema.default(fallback as never));

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });
const trimSlashes = (url: string) => url.replace(/\/+$/, '');
const list = (text: string | undefined) => (text ?? '').split(',').map((item) => item.trim()).filter(Boolean);

const environmentSchema = z.object({
  NODE_ENV: withDefault(z.enum(['development', 'production', 'test']), 'development'),
  PORT: withDefault(z.coerce.number().int().min(0).max(65_535), 3000),
  HOST: withDefault(z.string().min(1), '0.0.0.0'),
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
  MAX_MARKUP_PERCENT: withDefault(z.coerce.number().min(0).max(1000), 0),
  STRIPE_SECRET_KEY: optional(z.string().regex(/^(sk|rk)_(test|live)_/, 'must be a Stripe secret key (sk_... or rk_...)')),
  STRIPE_WEBHOOK_SECRET: optional(z.string().startsWith('whsec_', 'must be a webhook signing secret (whsec_...)')),
  STRIPE_PUBLISHABLE_KEY: optional(z.string().startsWith('pk_', 'must be a publishable key (pk_...)')),
});

type Environment = z.output<typeof environmentSchema>;
type Issues = { add(variable: string, message: string): void };

/** The environment parsed into the one typed configuration; a bad value names its variable. */
const configSchema = environmentSchema.transform((env, context) => {
  const issues: Issues = { add: (variable, message) => context.addIssue({ code: 'custom', path: [variable], message }) };
  const isProduction = env.NODE_ENV === 'production';
  // The dev mailbox would silently keep every email in the database: production must really send them.
  if (isProduction && !env.SMTP_URL) issues.add('SMTP_URL', 'required when NODE_ENV=production (the dev mailbox never runs in production)');
  return {
    nodeEnv: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    host: env.HOST,
    /** The product's own origin, e.g. http://localhost:3000: links in emails, allowed redirect targets. */
    publicUrl: trimSlashes(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`),
    /** Local state; the embedded PGlite database lives in `dataDir/pglite`. */
    dataDir: path.resolve(env.DATA_DIR),
    /** Unset: the embedded PGlite database in `dataDir`. */
    databaseUrl: env.DATABASE_URL,
    logLevel: env.LOG_LEVEL,
    /** Origins allowed to call the API from a browser besides the product's own. */
    corsOrigins: parseOrigins(env.CORS_ORIGINS, issues),
    /** Express's `trust proxy`: which hop's address is the client's (rate limits, logs). */
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
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
    /** How far above the price paid at the hotel a seller may ask, in percent (0: never more than paid). */
    maxMarkupPercent: env.MAX_MARKUP_PERCENT,
    payments: parsePayments(env, issues),
  };
});

export type Config = z.output<typeof configSchema>;
export type AuthConfig = Config['auth'];
export type GoogleConfig = NonNullable<Extract<AuthConfig, { mode: 'local' }>['google']>;
export type PmsConfig = Config['pms'];
export type PaymentsConfig = Config['payments'];

export class ConfigError extends Error {}

/** The configuration of a running process: a `.env` file in the working directory, if any, then the environment. */
export function loadProcessConfig(): Config {
  if (existsSync('.env')) process.loadEnvFile('.env');
  return loadConfig();
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
}

/**
 * `supabase`: a real Supabase project signs tokens; the built-in auth server is not mounted.
 * `local`: the built-in Supabase-compatible auth server inside the API signs them.
 */
function parseAuth(env: Environment, issues: Issues) {
  if (env.SUPABASE_URL) {
    if (!env.SUPABASE_ANON_KEY) issues.add('SUPABASE_ANON_KEY', 'required when SUPABASE_URL is set');
    return {
      mode: 'supabase' as const,
      supabaseUrl: trimSlashes(env.SUPABASE_URL),
      anonKey: env.SUPABASE_ANON_KEY ?? '',
      jwtSecret: env.SUPABASE_JWT_SECRET,
    };
  }
  if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
    issues.add('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET', 'set both or neither');
  }
  const google =
    env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? {
          clientId: env.GOOGLE_CLIENT_ID,
          clientSecret: env.GOOGLE_CLIENT_SECRET,
          /** https://accounts.google.com unless a stand-in OpenID provider is used (tests). */
          issuerUrl: trimSlashes(env.GOOGLE_ISSUER_URL ?? 'https://accounts.google.com'),
        }
      : undefined;
  // The development sign-in page lets anyone be anyone: it must never face real users.
  if (env.NODE_ENV === 'production' && !google) {
    issues.add(
      'SUPABASE_URL (with SUPABASE_ANON_KEY) or GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET',
      'required in production; without them only the development sign-in page exists, which lets anyone sign in as anyone',
    );
  }
  return { mode: 'local' as const, anonKey: LOCAL_ANON_KEY, google };
}

/** `mews`: the hotels' Mews Connector API. `demo`: the demo PMS the API serves itself (never in production). */
function parsePms(env: Environment, issues: Issues) {
  const accessTokens = list(env.MEWS_ACCESS_TOKENS);
  const anySet = Boolean(env.MEWS_PLATFORM_URL || env.MEWS_CLIENT_TOKEN || accessTokens.length);
  if (!anySet) {
    if (env.NODE_ENV === 'production') {
      issues.add('MEWS_PLATFORM_URL, MEWS_CLIENT_TOKEN and MEWS_ACCESS_TOKENS', 'required in production (the demo PMS never runs there)');
    }
    return { mode: 'demo' as const };
  }
  if (!env.MEWS_PLATFORM_URL) issues.add('MEWS_PLATFORM_URL', 'required with the other MEWS_ variables');
  if (!env.MEWS_CLIENT_TOKEN) issues.add('MEWS_CLIENT_TOKEN', 'required with the other MEWS_ variables');
  if (!accessTokens.length) issues.add('MEWS_ACCESS_TOKENS', 'required with the other MEWS_ variables (one per hotel, comma-separated)');
  return {
    mode: 'mews' as const,
    platformUrl: trimSlashes(env.MEWS_PLATFORM_URL ?? ''),
    clientToken: env.MEWS_CLIENT_TOKEN ?? '',
    accessTokens,
    clientName: env.MEWS_CLIENT_NAME,
  };
}

/** `stripe`: real Stripe. `local`: the built-in test checkout the API serves itself (never in production). */
function parsePayments(env: Environment, issues: Issues) {
  if (!env.STRIPE_SECRET_KEY) {
    if (env.NODE_ENV === 'production') issues.add('STRIPE_SECRET_KEY', 'required in production (the test checkout never runs there)');
    return { mode: 'local' as const, publishableKey: null };
  }
  if (!env.STRIPE_WEBHOOK_SECRET) issues.add('STRIPE_WEBHOOK_SECRET', 'required with STRIPE_SECRET_KEY');
  if (env.NODE_ENV === 'production' && env.STRIPE_SECRET_KEY.includes('_test_')) {
    issues.add('STRIPE_SECRET_KEY', 'a test key cannot take real payments in production');
  }
  return {
    mode: 'stripe' as const,
    secretKey: env.STRIPE_SECRET_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
    publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? null,
  };
}

function parseOrigins(text: string | undefined, issues: Issues): string[] {
  return list(text).flatMap((origin) => {
    const url = URL.canParse(origin) ? new URL(origin) : undefined;
    if (url && url.origin === trimSlashes(origin)) return [url.origin];
    issues.add('CORS_ORIGINS', `"${origin}" is not an origin like https://example.com`);
    return [];
  });
}

/** A hop count ("1"), true/false, or Express's list of addresses and names ("loopback, 10.0.0.0/8"). */
function parseTrustProxy(text: string | undefined): boolean | number | string {
  if (text === undefined || text === 'false') return false;
  if (text === 'true') return true;
  return /^\d+$/.test(text) ? Number(text) : text;
}
