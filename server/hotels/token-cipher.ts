import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Encrypts hotels' access tokens at rest: AES-256-GCM under HOTEL_TOKEN_KEY, a fresh 12-byte nonce per value,
 * stored as `v1.<nonce>.<tag>.<ciphertext>` (base64url). A copy of the database alone reveals no token, and a
 * changed ciphertext fails to decrypt instead of yielding another token.
 */
export interface TokenCipher {
  encrypt(token: string): string;
  decrypt(stored: string): string;
}

const VERSION = 'v1';

/** The key is 32 bytes, given as 64 hex digits or as base64 (config checks the shape). */
export function parseTokenKey(text: string): Buffer | null {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  return key.length === 32 ? key : null;
}

export function createTokenCipher(keyText: string): TokenCipher {
  const key = parseTokenKey(keyText);
  if (!key) throw new Error('HOTEL_TOKEN_KEY must be 32 bytes (64 hex digits or base64)');
  return {
    encrypt(token) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      const ciphertext = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
      const parts = [nonce, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'));
      return [VERSION, ...parts].join('.');
    },
    decrypt(stored) {
      const [version, nonce, tag, ciphertext] = stored.split('.');
      if (version !== VERSION || !nonce || !tag || ciphertext === undefined) throw new Error('not a stored token');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
