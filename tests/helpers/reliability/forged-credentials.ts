import { createHmac, generateKeyPairSync } from 'node:crypto';
import { SignJWT } from 'jose';

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * Bearer tokens an attacker can make without the signing key: unsigned, signed with a guessed secret or a key
 * of their own, expired, for another issuer or audience, or no JWT at all.
 */
export async function forgedBearerTokens(issuer: string, userId: string): Promise<string[]> {
  const claims = { sub: userId, role: 'authenticated', aud: 'authenticated', iss: issuer, session_id: userId };
  const now = Math.floor(Date.now() / 1000);
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const own = (payload: Record<string, unknown>) =>
    new SignJWT(payload).setProtectedHeader({ alg: 'ES256', kid: 'restay' }).sign(privateKey);
  return [
    '',
    'null',
    'x',
    'a.b.c',
    '....',
    `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ ...claims, exp: now + 3600 })}.`,
    `${base64url({ alg: 'none' })}.${base64url({ ...claims, exp: now + 3600 })}`,
    await new SignJWT({ ...claims, exp: now + 3600 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('secret')),
    await own({ ...claims, exp: now + 3600 }),
    await own({ ...claims, exp: now - 60 }),
    await own({ ...claims, iss: 'https://evil.example/auth/v1', exp: now + 3600 }),
    await own({ ...claims, aud: 'anon', role: 'anon', exp: now + 3600 }),
    `${base64url({ alg: 'ES256', kid: '../../etc/passwd' })}.${base64url(claims)}.${'A'.repeat(86)}`,
    'y'.repeat(20_000),
  ];
}

/** Authorization headers of every odd kind, given forged tokens. */
export function authorizationHeaders(tokens: string[]): (string | undefined)[] {
  return [
    undefined,
    'Bearer',
    'Bearer ',
    'Basic dXNlcjpwYXNz',
    'bearer  a b',
    'Token abc',
    ...tokens.map((token) => `Bearer ${token}`),
  ];
}

/** A Stripe-Signature header for `payload`, as Stripe computes it (`t=<unix>,v1=<hex HMAC-SHA256>`). */
export function stripeSignature(payload: string, secret: string, at = Math.floor(Date.now() / 1000)): string {
  const mac = createHmac('sha256', secret).update(`${at}.${payload}`).digest('hex');
  return `t=${at},v1=${mac}`;
}

/** Signature headers no-one holding the secret would send: forged, stale, malformed. */
export function forgedStripeSignatures(payload: string, secret: string): (string | undefined)[] {
  const now = Math.floor(Date.now() / 1000);
  return [
    undefined,
    '',
    'garbage',
    't=,v1=',
    `t=${now}`,
    `v1=${'0'.repeat(64)}`,
    `t=${now},v1=${'0'.repeat(64)}`,
    stripeSignature(payload, 'whsec_guessed'),
    stripeSignature(payload, secret, now - 3_600),
    `t=${now},v0=abc,v1=`,
    `t=${'9'.repeat(40)},v1=zz`,
  ];
}
