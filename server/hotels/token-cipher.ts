import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Encrypts hotels' access tokens at rest: AES-256-GCM, a fresh 12-byte nonce per value, stored as
 * `v2.<key id>.<nonce>.<tag>.<ciphertext>` (base64url). A copy of the database alone reveals no token.
 * - The key id names the key that wrote the value, so a second key can be configured while the stored values
 *   are re-encrypted under a new one (`npm run hotels -- rotate-key`), and each value is read with its own key.
 * - Each value is bound to what it belongs to (a hotel, an integration) as associated data: a ciphertext copied
 *   onto another hotel's row fails to decrypt instead of handing that hotel the first one's token.
 * - `v1.<nonce>.<tag>.<ciphertext>`, written before key ids and binding, still decrypts (with either key)
 *   until rotate-key rewrites it.
 */
export interface TokenCipher {
  encrypt(token: string, boundTo: TokenOwner): string;
  decrypt(stored: string, boundTo: TokenOwner): string;
  /** Written under the current key in today's format: rotate-key leaves it alone. */
  isCurrent(stored: string): boolean;
}

/** What a stored token belongs to: a hotel (by its id in the hotel's system) or an integration event's integration. */
export type TokenOwner = { hotel: string } | { integration: string };

const ownerData = (owner: TokenOwner) =>
  Buffer.from('hotel' in owner ? `hotel:${owner.hotel}` : `integration:${owner.integration}`, 'utf8');

/** The key is 32 bytes, given as 64 hex digits or as base64 (config checks the shape). */
export function parseTokenKey(text: string): Buffer | null {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  return key.length === 32 ? key : null;
}

/** A key's public name: a digest's first bytes, so a stored value says which key wrote it without revealing it. */
const keyIdOf = (key: Buffer) =>
  createHash('sha256').update('restay-hotel-token-key').update(key).digest('hex').slice(0, 12);

/** `current` encrypts; `previous` (the key being rotated away from) only decrypts what it wrote. */
export function createTokenCipher(keys: { current: string; previous?: string }): TokenCipher {
  const parse = (text: string, name: string) => {
    const key = parseTokenKey(text);
    if (!key) throw new Error(`${name} must be 32 bytes (64 hex digits or base64)`);
    return key;
  };
  const current = parse(keys.current, 'HOTEL_TOKEN_KEY');
  const readable = [current, ...(keys.previous ? [parse(keys.previous, 'HOTEL_TOKEN_KEY_PREVIOUS')] : [])];
  const byId = new Map(readable.map((key) => [keyIdOf(key), key]));
  const currentId = keyIdOf(current);
  const open = (key: Buffer, [nonce, tag, ciphertext]: string[], aad: Buffer | null) => {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce!, 'base64url'));
    if (aad) decipher.setAAD(aad);
    decipher.setAuthTag(Buffer.from(tag!, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext!, 'base64url')), decipher.final()]).toString('utf8');
  };
  return {
    encrypt(token, boundTo) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current, nonce);
      cipher.setAAD(ownerData(boundTo));
      const ciphertext = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
      const parts = [nonce, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'));
      return ['v2', currentId, ...parts].join('.');
    },
    decrypt(stored, boundTo) {
      const parts = stored.split('.');
      if (parts[0] === 'v2' && parts.length === 5) {
        const key = byId.get(parts[1]!);
        if (!key) throw new Error('written under a key that is not configured');
        return open(key, parts.slice(2), ownerData(boundTo));
      }
      if (parts[0] === 'v1' && parts.length === 4) {
        for (const key of readable) {
          try {
            return open(key, parts.slice(1), null);
          } catch {
            // Not this key's: the other one may have written it.
          }
        }
        throw new Error('does not decrypt with any configured key');
      }
      throw new Error('not a stored token');
    },
    isCurrent(stored) {
      const [version, keyId] = stored.split('.');
      return version === 'v2' && keyId === currentId;
    },
  };
}

/** The deployment's cipher: HOTEL_TOKEN_KEY, and HOTEL_TOKEN_KEY_PREVIOUS while a rotation is under way. */
export const configuredTokenCipher = (config: { hotelTokenKey: string; hotelTokenKeyPrevious?: string | undefined }) =>
  createTokenCipher({ current: config.hotelTokenKey, previous: config.hotelTokenKeyPrevious });
