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
  GOOGLE_MAPS_API_KEY: optionalText,
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
  /** Browser key for Google Maps on the marketplace; null: the map uses Leaflet and OpenStreetMap. */
  googleMapsApiKey: string | null;
}

export class ConfigError extends Error {}

/** Parses the environment into the one typed configuration; a bad value names its variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const values = parsed.data;
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
    googleMapsApiKey: values.GOOGLE_MAPS_API_KEY?.trim() || null,
  };
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
