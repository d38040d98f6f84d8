import { SignJWT } from 'jose';

const SUPABASE_URL = 'http://supabase.test';
const JWT_SECRET = 'restay-tests-project-jwt-secret-of-enough-length';

/**
 * Configures the app as a Supabase project signing HS256 tokens with a known secret (the URL is never
 * contacted), so tests sign users in instantly instead of through the sign-in pages and their rate limits.
 */
export const PROJECT_AUTH_ENV = { SUPABASE_URL, SUPABASE_ANON_KEY: 'anon-key', SUPABASE_JWT_SECRET: JWT_SECRET };

/**
 * A project access token for the user, valid at any moment a test's clock may show (expiry follows that clock).
 * Its address is verified, as a Google sign-in's is, unless `emailVerified` says otherwise.
 */
export function projectToken(userId: string, email: string, { emailVerified = true } = {}): Promise<string> {
  return new SignJWT({ role: 'authenticated', email, user_metadata: { email, email_verified: emailVerified } })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(`${SUPABASE_URL}/auth/v1`)
    .setAudience('authenticated')
    .setSubject(userId)
    .setIssuedAt(Date.UTC(2000, 0, 1) / 1000)
    .setExpirationTime(Date.UTC(2100, 0, 1) / 1000)
    .sign(new TextEncoder().encode(JWT_SECRET));
}
