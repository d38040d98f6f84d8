import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { VERIFICATION_CODE_LENGTH } from '../../contract/constants.ts';

/** How long an emailed code stays valid. */
export const CODE_LIFETIME_MS = 10 * 60_000;
/** Wrong codes allowed before the code locks (then even the right one is refused until a new one is sent). */
export const MAX_CODE_ATTEMPTS = 5;

/** A uniformly random code of VERIFICATION_CODE_LENGTH digits, leading zeros included. */
export function newCode(): string {
  return String(randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)).padStart(VERIFICATION_CODE_LENGTH, '0');
}

/**
 * The stored form of a code: an HMAC under the server's key (CODE_HMAC_KEY, or the data directory's own) of the
 * row's random salt and the code. A salt alone would hide nothing: there are only a million codes, and anyone
 * holding a copy of the database could try them all. Without the key, the stored rows reveal no code.
 */
export function hashCode(key: string, code: string, salt = randomBytes(16).toString('hex')) {
  return { salt, hash: createHmac('sha256', key).update(`${salt}:${code}`).digest('hex') };
}

/** Compares in constant time, so the reply's timing says nothing about how close a guess was. */
export function codeMatches(key: string, code: string, salt: string, hash: string): boolean {
  const candidate = Buffer.from(hashCode(key, code, salt).hash, 'hex');
  const stored = Buffer.from(hash, 'hex');
  return candidate.length === stored.length && timingSafeEqual(candidate, stored);
}
