import { createHmac, timingSafeEqual } from 'node:crypto';

/** What an unsubscribe link stops: one saved search, or (from a digest) all of a person's alerts. */
export type UnsubscribeTarget = { kind: 'search'; id: string } | { kind: 'person'; id: string };

const KIND_CODES = { search: 's', person: 'u' } as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function signature(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(`restay-alert-unsubscribe:${payload}`).digest();
}

/**
 * A link token that needs no sign-in: the target and an HMAC of it under ALERTS_SECRET, so nobody can make one
 * for another person's search. It never expires: an old email's link must still work (RFC 8058 asks for that).
 */
export function signUnsubscribeToken(secret: string, target: UnsubscribeTarget): string {
  const payload = `${KIND_CODES[target.kind]}.${target.id}`;
  return `${payload}.${signature(secret, payload).toString('base64url')}`;
}

/** The target of a genuine token; undefined for anything forged, altered or malformed. */
export function verifyUnsubscribeToken(secret: string, token: string): UnsubscribeTarget | undefined {
  const [code, id, mac, ...rest] = token.split('.');
  if (rest.length || !code || !id || !mac || !UUID.test(id)) return undefined;
  const kind = code === 's' ? 'search' : code === 'u' ? 'person' : undefined;
  if (!kind) return undefined;
  const expected = signature(secret, `${code}.${id}`);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return { kind, id };
}
