import { Router } from 'express';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { databaseRateLimit } from '../http/rate-limit.ts';
import { googleSignIn } from './google-oidc.ts';
import { goTrueRouter, type DevSignInPage } from './gotrue-routes.ts';
import { restProfilesRouter } from './rest-profiles.ts';
import {
  cachedSessionCheck,
  databaseSessionLookup,
  requiringLiveSession,
  supabaseSessionLookup,
} from './session-check.ts';
import { loadSigningKey, type SigningKey } from './signing-key.ts';
import { createTokenVerifier, localIssuer, type TokenVerifier } from './token-verifier.ts';

export interface AuthRateLimits {
  /** Requests per minute per client to POST /auth/v1/token. */
  token: number;
  /** Sign-in form posts (or Google callbacks) per minute per client. */
  signIn: number;
}

export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimits = { token: 30, signIn: 10 };

export interface AuthSetup {
  verify: TokenVerifier;
  /** Present only in local mode: mounted at the site root, it serves /auth/v1 and /rest/v1. */
  builtInServer: Router | undefined;
}

/**
 * Chooses the identity source. With SUPABASE_URL the API only verifies that project's tokens and nothing of
 * the built-in server exists; without it the built-in server is created with its own signing key. `clock`
 * times flows, codes, sessions and token expiry. Without Google, sign-in is the development page `devSignInPage`
 * (a stand-in: the app passes it where the stand-in policy allows it).
 */
export function setUpAuth({
  config,
  db,
  limits = DEFAULT_AUTH_RATE_LIMITS,
  clock = () => new Date(),
  devSignInPage,
}: {
  config: Config;
  db: Kysely<Database>;
  limits?: AuthRateLimits;
  clock?: () => Date;
  devSignInPage?: DevSignInPage;
}): AuthSetup {
  if (config.auth.mode === 'supabase') {
    const sessions = cachedSessionCheck(supabaseSessionLookup(config.auth.supabaseUrl, config.auth.anonKey));
    return { verify: requiringLiveSession(createTokenVerifier({ config, clock }), sessions), builtInServer: undefined };
  }
  // Tests keep the key in memory; every other run keeps it under DATA_DIR so sessions survive a restart.
  const key: SigningKey = loadSigningKey(config.nodeEnv === 'test' ? undefined : config.dataDir);
  const verify = createTokenVerifier({ config, clock, localPublicKey: key.publicKey });
  // The API checks each token's session (cached briefly), so signing out ends access at once, not at expiry.
  const sessions = cachedSessionCheck(databaseSessionLookup(db));
  const minute = 60_000;
  const router = Router();
  router.use(
    '/auth/v1',
    goTrueRouter({
      db,
      key,
      issuer: localIssuer(config),
      publicUrl: config.publicUrl,
      allowedOrigins: config.appOrigins,
      verify,
      onSessionsRevoked: sessions.forget,
      clock,
      google: config.auth.google ? googleSignIn(config.auth.google, `${config.publicUrl}/auth/v1/callback`) : undefined,
      devSignInPage: config.auth.google ? undefined : devSignInPage,
      limits: {
        token: databaseRateLimit(db, {
          name: 'auth-token',
          limit: limits.token,
          windowMs: minute,
          message: 'Too many token attempts. Please wait a moment and try again.',
        }),
        signIn: databaseRateLimit(db, {
          name: 'auth-sign-in',
          limit: limits.signIn,
          windowMs: minute,
          message: 'Too many sign-in attempts. Please wait a moment and try again.',
        }),
      },
    }),
  );
  const liveVerify = requiringLiveSession(verify, sessions);
  router.use('/rest/v1', restProfilesRouter({ db, verify: liveVerify, anonKey: config.auth.anonKey }));
  return { verify: liveVerify, builtInServer: router };
}
