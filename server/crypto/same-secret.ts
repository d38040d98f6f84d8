import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Whether a secret someone sent (a webhook's `?Token=`) is the expected one. Hashes make both sides the same
 * length, so the comparison takes the same time whatever was sent.
 */
export function sameSecret(given: unknown, expected: string): boolean {
  if (typeof given !== 'string' || !given) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
