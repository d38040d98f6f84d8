import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Treats an empty variable as unset, the way a `.env` line like `DATABASE_URL=` is meant. */
const optionalText = z.preprocess((value) => (value === '' ? undefined : value), z.string().optional());
const optionalUrl = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
);

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }).optional(),
  ),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  CORS_ORIGINS: optionalText,
  SMTP_URL: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  ),
  MAIL_FROM: z.preprocess((value) => (value === '' ? undefined : value), z.string().min(3).default('Restay <no-reply@restay.travel>')),
  CONTACT_INBOX: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.email({ error: 'must be an email address' }).default('hello@restay.travel'),
  ),
  UNSPLASH_ACCESS_KEY: optionalText,
  GOOGLE_MAPS_API_KEY: optionalText,
  SUPABASE_URL: optionalUrl,
  SUPABASE_ANON_KEY: optionalText,
  SUPABASE_JWT_SECRET: optionalText,
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_ISSUER_URL: optionalUrl,
});

export type Environment = z.input<typeof environmentSchema>;

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  /** The product's own origin, e.g. http://localhost:3000: links in emails, allowed redirect targets. */
  publicUrl: string;
  dataDir: string;
  /** Unset: the embedded PGlite database in `dataDir`. */
  databaseUrl: string | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Origins allowed to call the API from a browser besides the product's own. */
  corsOrigins: string[];
  /** Unset: the dev mailbox (stored in the database, listed at /dev/mailbox); refused in production. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where contact-form notifications go; matches the address in the footer by default. */
  contactInbox: string;
  /** Unset: the stock photos shipped in public/ are served instead of Unsplash search results. */
  unsplashAccessKey: string | undefined;
  /** Browser key for Google Maps on the marketplace; null: the map uses Leaflet and OpenStreetMap. */
  googleMapsApiKey: string | null;
  auth: AuthConfig;
}

/**
 * `supabase`: a real Supabase project signs tokens; the built-in auth server is not mounted.
 * `local`: the built-in Supabase-compatible auth server inside the API signs them.
 */
export type AuthConfig =
  | { mode: 'supabase'; supabaseUrl: string; anonKey: string; jwtSecret: string | undefined }
  | { mode: 'local'; anonKey: string; google: GoogleConfig | undefined };

export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  /** https://accounts.google.com unless a stand-in OpenID provider is used (tests). */
  issuerUrl: string;
}

/** Not a secret: the built-in server only needs the client to send something in the apikey header. */
export const LOCAL_ANON_KEY = 'restay-local-anon-key';

export class ConfigError extends Error {}

/** The configuration of a running process: a `.env` file in the working directory, if any, then the environment. */
export function loadProcessConfig(): Config {
  if (existsSync('.env')) process.loadEnvFile('.env');
  return loadConfig();
}

/** Parses the environment into the one typed configuration; a bad value names its variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const values = parsed.data;
  const auth = parseAuth(values);
  if (values.NODE_ENV === 'production' && !values.SMTP_URL) {
    // The dev mailbox would silently keep every email in the database: production must really send them.
    throw new ConfigError(
      'Invalid configuration:\n  SMTP_URL: required when NODE_ENV=production (the dev mailbox never runs in production)',
    );
  }
  const publicUrl = (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, '');
  return {
    nodeEnv: values.NODE_ENV,
    isProduction: values.NODE_ENV === 'production',
    port: values.PORT,
    host: values.HOST,
    publicUrl,
    dataDir: path.resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    logLevel: values.LOG_LEVEL,
    corsOrigins: parseOrigins(values.CORS_ORIGINS),
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    contactInbox: values.CONTACT_INBOX,
    unsplashAccessKey: values.UNSPLASH_ACCESS_KEY,
    googleMapsApiKey: values.GOOGLE_MAPS_API_KEY?.trim() || null,
    auth,
  };
}

function parseAuth(values: z.infer<typeof environmentSchema>): AuthConfig {
  const fail = (message: string) => new ConfigError(`Invalid configuration:\n  ${message}`);
  if (values.SUPABASE_URL) {
    if (!values.SUPABASE_ANON_KEY) throw fail('SUPABASE_ANON_KEY: required when SUPABASE_URL is set');
    return {
      mode: 'supabase',
      supabaseUrl: values.SUPABASE_URL.replace(/\/+$/, ''),
      anonKey: values.SUPABASE_ANON_KEY,
      jwtSecret: values.SUPABASE_JWT_SECRET,
    };
  }
  if (Boolean(values.GOOGLE_CLIENT_ID) !== Boolean(values.GOOGLE_CLIENT_SECRET)) {
    throw fail('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: set both or neither');
  }
  const google =
    values.GOOGLE_CLIENT_ID && values.GOOGLE_CLIENT_SECRET
      ? {
          clientId: values.GOOGLE_CLIENT_ID,
          clientSecret: values.GOOGLE_CLIENT_SECRET,
          issuerUrl: (values.GOOGLE_ISSUER_URL ?? 'https://accounts.google.com').replace(/\/+$/, ''),
        }
      : undefined;
  // The development sign-in page lets anyone be anyone: it must never face real users.
  if (values.NODE_ENV === 'production' && !google) {
    throw fail(
      'SUPABASE_URL (with SUPABASE_ANON_KEY) or GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: required in production; ' +
        'without them only the development sign-in page exists, which lets anyone sign in as anyone',
    );
  }
  return { mode: 'local', anonKey: LOCAL_ANON_KEY, google };
}

function parseOrigins(list: string | undefined): string[] {
  if (!list) return [];
  return list.split(',').map((origin) => {
    const trimmed = origin.trim();
    const url = URL.canParse(trimmed) ? new URL(trimmed) : undefined;
    if (!url || url.origin !== trimmed.replace(/\/+$/, '')) {
      throw new ConfigError(`Invalid configuration:\n  CORS_ORIGINS: "${trimmed}" is not an origin like https://example.com`);
    }
    return url.origin;
  });
}
