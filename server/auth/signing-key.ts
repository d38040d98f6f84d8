import { generateKeyPairSync, createPrivateKey, createPublicKey, randomUUID, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** The public half as served at /auth/v1/.well-known/jwks.json. */
  publicJwk: Record<string, unknown>;
}

/**
 * The built-in auth server's ES256 key. Kept as a file under DATA_DIR so that sessions survive a restart;
 * without a directory (tests) it lives only in memory.
 */
export function loadSigningKey(dataDir?: string): SigningKey {
  const file = dataDir ? path.join(dataDir, 'auth-signing-key.json') : undefined;
  if (file && existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { kid: string; jwk: Record<string, unknown> };
    const privateKey = createPrivateKey({ key: stored.jwk as never, format: 'jwk' });
    return fromPrivate(stored.kid, privateKey);
  }
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const key = fromPrivate(randomUUID(), privateKey);
  if (file) {
    mkdirSync(path.dirname(file), { recursive: true });
    // 0600: the private key signs every session; nobody else on the machine should read it.
    writeFileSync(file, JSON.stringify({ kid: key.kid, jwk: privateKey.export({ format: 'jwk' }) }), { mode: 0o600 });
  }
  return key;
}

function fromPrivate(kid: string, privateKey: KeyObject): SigningKey {
  const publicKey = createPublicKey(privateKey);
  const publicJwk = { ...publicKey.export({ format: 'jwk' }), kid, alg: 'ES256', use: 'sig', key_ops: ['verify'] };
  return { kid, privateKey, publicKey, publicJwk };
}
