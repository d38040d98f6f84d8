import { createHash } from 'node:crypto';

/** SHA-256 of a UTF-8 string: hex for stored token hashes, base64url where a protocol asks for it (PKCE S256). */
export const sha256 = (value: string, encoding: 'hex' | 'base64url' = 'hex') =>
  createHash('sha256').update(value).digest(encoding);
