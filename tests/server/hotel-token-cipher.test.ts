import { createCipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTokenCipher } from '../../server/hotels/token-cipher.ts';

const OLD_KEY = '01'.repeat(32);
const NEW_KEY = '02'.repeat(32);
const SEEBLICK = { hotel: 'enterprise-seeblick' };
const RIBEIRA = { hotel: 'enterprise-ribeira' };

/** A value as the first format wrote it: `v1.<nonce>.<tag>.<ciphertext>`, no key id, bound to nothing. */
function firstFormat(keyHex: string, token: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(keyHex, 'hex'), nonce);
  const ciphertext = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return ['v1', ...[nonce, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'))].join('.');
}

describe('the hotel token cipher', () => {
  it('reads a token back only for the hotel it was written for', () => {
    const cipher = createTokenCipher({ current: NEW_KEY });
    const stored = cipher.encrypt('TOKEN-SEEBLICK', SEEBLICK);
    expect(stored).not.toContain('TOKEN-SEEBLICK');
    expect(cipher.decrypt(stored, SEEBLICK)).toBe('TOKEN-SEEBLICK');
    // Copied onto another hotel's row, or read as an integration's, it does not decrypt.
    expect(() => cipher.decrypt(stored, RIBEIRA)).toThrow();
    expect(() => cipher.decrypt(stored, { integration: 'enterprise-seeblick' })).toThrow();
  });

  it('names the key that wrote each value, and reads values of the previous key during a rotation', () => {
    const before = createTokenCipher({ current: OLD_KEY });
    const during = createTokenCipher({ current: NEW_KEY, previous: OLD_KEY });
    const after = createTokenCipher({ current: NEW_KEY });
    const old = before.encrypt('TOKEN', SEEBLICK);
    const renewed = during.encrypt('TOKEN', SEEBLICK);
    expect(old.split('.')[1]).not.toBe(renewed.split('.')[1]);
    expect(during.decrypt(old, SEEBLICK)).toBe('TOKEN');
    expect([during.isCurrent(old), during.isCurrent(renewed)]).toEqual([false, true]);
    expect(() => after.decrypt(old, SEEBLICK)).toThrow('not configured');
    expect(after.decrypt(renewed, SEEBLICK)).toBe('TOKEN');
  });

  it('still reads the first format with either key, and counts it as due for rotation', () => {
    const during = createTokenCipher({ current: NEW_KEY, previous: OLD_KEY });
    const legacy = firstFormat(OLD_KEY, 'TOKEN-V1');
    expect(during.decrypt(legacy, SEEBLICK)).toBe('TOKEN-V1');
    expect(during.isCurrent(legacy)).toBe(false);
    expect(() => createTokenCipher({ current: NEW_KEY }).decrypt(legacy, SEEBLICK)).toThrow();
  });

  it('refuses a value changed at rest and a key of the wrong size', () => {
    const cipher = createTokenCipher({ current: NEW_KEY });
    const parts = cipher.encrypt('TOKEN', SEEBLICK).split('.');
    parts[4] = Buffer.from('TAMPERED').toString('base64url');
    expect(() => cipher.decrypt(parts.join('.'), SEEBLICK)).toThrow();
    expect(() => cipher.decrypt('plain-token', SEEBLICK)).toThrow('not a stored token');
    expect(() => createTokenCipher({ current: 'abcd' })).toThrow('HOTEL_TOKEN_KEY must be 32 bytes');
    expect(() => createTokenCipher({ current: NEW_KEY, previous: 'abcd' })).toThrow('HOTEL_TOKEN_KEY_PREVIOUS');
  });
});
