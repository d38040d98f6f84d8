import { SignJWT } from 'jose';
import type { AuthUserRow } from '../db/schema.ts';
import type { SigningKey } from './signing-key.ts';

/** Access tokens live one hour, as Supabase's do. */
export const ACCESS_TOKEN_TTL_S = 3600;

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

/** The user object GoTrue returns from /user and inside a session. */
export function toGoTrueUser(user: AuthUserRow) {
  const createdAt = iso(user.created_at);
  return {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email,
    email_confirmed_at: createdAt,
    phone: '',
    confirmed_at: createdAt,
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: { provider: user.provider, providers: [user.provider] },
    user_metadata: user.user_metadata,
    identities: [
      {
        identity_id: user.identity_id,
        id: user.provider_subject,
        user_id: user.id,
        identity_data: user.user_metadata,
        provider: user.provider,
        last_sign_in_at: iso(user.last_sign_in_at),
        created_at: createdAt,
        updated_at: iso(user.updated_at),
        email: user.email,
      },
    ],
    created_at: createdAt,
    updated_at: iso(user.updated_at),
    is_anonymous: false,
  };
}

export async function signAccessToken(
  key: SigningKey,
  issuer: string,
  user: AuthUserRow,
  sessionId: string,
  now: Date,
) {
  const iat = Math.floor(now.getTime() / 1000);
  const token = await new SignJWT({
    email: user.email,
    phone: '',
    app_metadata: { provider: user.provider, providers: [user.provider] },
    user_metadata: user.user_metadata,
    role: 'authenticated',
    aal: 'aal1',
    amr: [{ method: 'oauth', timestamp: iat }],
    session_id: sessionId,
    is_anonymous: false,
  })
    .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'JWT' })
    .setIssuer(issuer)
    .setSubject(user.id)
    .setAudience('authenticated')
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_TTL_S)
    .sign(key.privateKey);
  return { token, expiresAt: iat + ACCESS_TOKEN_TTL_S };
}

export async function buildSession(
  key: SigningKey,
  issuer: string,
  user: AuthUserRow,
  sessionId: string,
  refreshToken: string,
  now: Date,
) {
  const { token, expiresAt } = await signAccessToken(key, issuer, user, sessionId, now);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_TTL_S,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: toGoTrueUser(user),
  };
}
