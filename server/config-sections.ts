import type { Environment, Issues } from './config.ts';

/*
 * The settings of each outside service (sign-in, hotel system, payments) and of the HTTP edge (allowed origins,
 * proxies), read from the parsed environment: config.ts assembles them and reports every problem at once.
 */

/** Not a secret: the built-in server only needs the client to send something in the apikey header. */
export const LOCAL_ANON_KEY = 'restay-local-anon-key';

export const trimSlashes = (url: string) => url.replace(/\/+$/, '');
const list = (text: string | undefined) =>
  (text ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/**
 * `supabase`: a real Supabase project signs tokens; the built-in auth server is not mounted.
 * `local`: the built-in Supabase-compatible auth server inside the API signs them.
 */
export function parseAuth(env: Environment, issues: Issues) {
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
  return { mode: 'local' as const, anonKey: LOCAL_ANON_KEY, google };
}

/** `mews`: the hotels' Mews Connector API. `demo`: the demo PMS the API serves itself (never in production). */
export function parsePms(env: Environment, issues: Issues) {
  const accessTokens = list(env.MEWS_ACCESS_TOKENS);
  const anySet = Boolean(env.MEWS_PLATFORM_URL || env.MEWS_CLIENT_TOKEN || accessTokens.length);
  if (!anySet) return { mode: 'demo' as const };
  if (!env.MEWS_PLATFORM_URL) issues.add('MEWS_PLATFORM_URL', 'required with the other MEWS_ variables');
  if (!env.MEWS_CLIENT_TOKEN) issues.add('MEWS_CLIENT_TOKEN', 'required with the other MEWS_ variables');
  if (!accessTokens.length)
    issues.add('MEWS_ACCESS_TOKENS', 'required with the other MEWS_ variables (one per hotel, comma-separated)');
  // Fail closed: the webhook must never run on a random token nobody registered with Mews, or on none.
  if (env.NODE_ENV === 'production' && !env.MEWS_WEBHOOK_TOKEN) {
    issues.add(
      'MEWS_WEBHOOK_TOKEN',
      'required with Mews when NODE_ENV=production (the ?Token= of the General Webhook URL registered with Mews)',
    );
  }
  if (env.NODE_ENV === 'production' && !env.MEWS_INTEGRATION_WEBHOOK_TOKEN) {
    issues.add(
      'MEWS_INTEGRATION_WEBHOOK_TOKEN',
      'required with Mews when NODE_ENV=production (the ?Token= of the Integration Webhook URL registered with Mews)',
    );
  }
  return {
    mode: 'mews' as const,
    platformUrl: trimSlashes(env.MEWS_PLATFORM_URL ?? ''),
    clientToken: env.MEWS_CLIENT_TOKEN ?? '',
    accessTokens,
    clientName: env.MEWS_CLIENT_NAME,
  };
}

/** `stripe`: real Stripe. `local`: the built-in test checkout the API serves itself (never in production). */
export function parsePayments(env: Environment, issues: Issues) {
  if (!env.STRIPE_SECRET_KEY) return { mode: 'local' as const, publishableKey: null };
  if (!env.STRIPE_WEBHOOK_SECRET) issues.add('STRIPE_WEBHOOK_SECRET', 'required with STRIPE_SECRET_KEY');
  // Every sale pays its seller out through Connect: without the Connect endpoint's secret no account.updated is
  // ever verified, and a payout waiting for its seller's account is released only when they open My Listings.
  if (!env.STRIPE_CONNECT_WEBHOOK_SECRET) {
    issues.add(
      'STRIPE_CONNECT_WEBHOOK_SECRET',
      'required with STRIPE_SECRET_KEY (the signing secret of the Connect webhook endpoint <PUBLIC_URL>/api/payment/connect-webhook)',
    );
  }
  if (env.NODE_ENV === 'production' && env.STRIPE_SECRET_KEY.includes('_test_')) {
    issues.add('STRIPE_SECRET_KEY', 'a test key cannot take real payments in production');
  }
  return {
    mode: 'stripe' as const,
    secretKey: env.STRIPE_SECRET_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
    connectWebhookSecret: env.STRIPE_CONNECT_WEBHOOK_SECRET ?? '',
    publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? null,
  };
}

export function parseOrigins(text: string | undefined, issues: Issues): string[] {
  return list(text).flatMap((origin) => {
    const url = URL.canParse(origin) ? new URL(origin) : undefined;
    if (url && url.origin === trimSlashes(origin)) return [url.origin];
    issues.add('CORS_ORIGINS', `"${origin}" is not an origin like https://example.com`);
    return [];
  });
}

/**
 * A hop count ("1"), or Express's list of addresses and subnets ("loopback, 10.0.0.0/8"); "false" is no proxy.
 * `true` is refused: it takes the left-most X-Forwarded-For address, which the client writes itself, so every
 * per-address limit could be dodged. Production must say, because a wrong answer behind a proxy turns every
 * per-address limit into one global limit.
 */
export function parseTrustProxy(
  text: string | undefined,
  isProduction: boolean,
  issues: Issues,
): false | number | string {
  if (text === undefined && isProduction) {
    issues.add(
      'TRUST_PROXY',
      'required when NODE_ENV=production: the number of proxies in front of the server (0 for none), or their addresses/subnets',
    );
  }
  if (text === undefined || text === 'false') return false;
  if (text === 'true') {
    issues.add(
      'TRUST_PROXY',
      'true is refused (clients could pick their own address): give the number of proxies in front, or their addresses/subnets',
    );
    return false;
  }
  return /^\d+$/.test(text) ? Number(text) : text;
}
