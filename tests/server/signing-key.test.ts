import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSigningKey } from '../../server/auth/signing-key.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'restay-key-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the built-in auth server signing key', () => {
  it('is kept under DATA_DIR, readable only by its owner, so sessions survive a restart', () => {
    const first = loadSigningKey(dir);
    const again = loadSigningKey(dir);
    expect(again.kid).toBe(first.kid);
    expect(again.publicJwk).toEqual(first.publicJwk);
    expect(statSync(path.join(dir, 'auth-signing-key.json')).mode & 0o077).toBe(0);
    expect(first.publicJwk).not.toHaveProperty('d');
  });

  it('is ephemeral without a directory', () => {
    expect(loadSigningKey().kid).not.toBe(loadSigningKey().kid);
  });
});
