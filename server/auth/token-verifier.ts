import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { KeyObject } from 'node:crypto';
import type { Config } from '../config.ts';

export interface VerifiedUser {
  id: string;
  email: string | undefined;
  /**
   * Whether the sign-in provider vouched for the address (`user_metadata.email_verified`, which Supabase copies
   * from Google's token): only such an address may claim a hotel its invitation was sent to.
   */
  emailVerified: boolean;
  sessionId: string | undefined;
}

/** Resolves the user a bearer token names, or throws when the token is not one we trust. */
export type TokenVerifier = (token: string) => Promise<VerifiedUser>;

/**
 * One verification path per deployment, never two: a real Supabase project's JWKS (ES256/RS256), or its
 * legacy HS256 secret, or the built-in auth server's own key. Accepting both families on one path would let
 * a token signed with the public key as an HMAC secret through.
 */
export function createTokenVerifier({
  config,
  clock,
  localPublicKey,
}: {
  config: Config;
  clock: () => Date;
  localPublicKey?: KeyObject;
}): TokenVerifier {
  const auth = config.auth;
  if (auth.mode === 'supabase') {
    const issuer = `${auth.supabaseUrl}/auth/v1`;
    if (auth.jwtSecret) {
      const secret = new TextEncoder().encode(auth.jwtSecret);
      return verifyWith(secret, issuer, ['HS256'], clock);
    }
    const jwks = createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`));
    return verifyWith(jwks, issuer, ['ES256', 'RS256'], clock);
  }
  if (!localPublicKey) throw new Error('The built-in auth server needs its signing key');
  return verifyWith(localPublicKey, localIssuer(config), ['ES256'], clock);
}

export const localIssuer = (config: Config) => `${config.publicUrl}/auth/v1`;

/** Expiry is judged by the same clock that stamps the built-in server's tokens. */
function verifyWith(
  key: KeyObject | Uint8Array | JWTVerifyGetKey,
  issuer: string,
  algorithms: string[],
  clock: () => Date,
): TokenVerifier {
  return async (token) => {
    const { payload } = await jwtVerify(token, key as Uint8Array, {
      issuer,
      audience: 'authenticated',
      algorithms,
      currentDate: clock(),
    });
    if (payload.role !== 'authenticated' || typeof payload.sub !== 'string' || !payload.sub) {
      throw new Error('token is not an authenticated user');
    }
    return {
      id: payload.sub,
      email: typeof payload.email === 'string' ? payload.email : undefined,
      emailVerified: (payload.user_metadata as { email_verified?: unknown } | undefined)?.email_verified === true,
      sessionId: typeof payload.session_id === 'string' ? payload.session_id : undefined,
    };
  };
}

/** The token of an `Authorization: Bearer <token>` header, if that is what the header holds. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}
