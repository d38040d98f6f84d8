import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadLocalSecrets } from '../../server/local-secrets.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'restay-secrets-'));
  dirs.push(dir);
  return dir;
};
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
  await server.close();
});

describe('local secrets', () => {
  it('are random per data directory and kept there, readable only by the owner', () => {
    const dir = freshDir();
    const first = loadLocalSecrets(dir);
    expect(loadLocalSecrets(dir)).toEqual(first);
    expect(loadLocalSecrets(freshDir())).not.toEqual(first);
    expect(first.stripeWebhookSecret).toMatch(/^whsec_/);
    expect(statSync(path.join(dir, 'local-secrets.json')).mode & 0o777).toBe(0o600);
  });

  it('keeps the keys of a file written before the webhook token existed, adding only the token', () => {
    const dir = freshDir();
    const old = {
      codeHmacKey: 'c'.repeat(48),
      stripeSecretKey: `sk_test_local_${'s'.repeat(48)}`,
      stripeWebhookSecret: 'whsec_local_x',
    };
    writeFileSync(path.join(dir, 'local-secrets.json'), JSON.stringify(old), { mode: 0o600 });
    const upgraded = loadLocalSecrets(dir);
    expect(upgraded).toEqual({
      ...old,
      stripeConnectWebhookSecret: expect.stringMatching(/^whsec_local_connect_[0-9a-f]{48}$/),
      mewsWebhookToken: expect.stringMatching(/^[0-9a-f]{48}$/),
      mewsIntegrationWebhookToken: expect.stringMatching(/^[0-9a-f]{48}$/),
      hotelTokenKey: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(loadLocalSecrets(dir)).toEqual(upgraded);
  });

  it('a webhook signed with the secret that used to be in the source is refused', async () => {
    const payload = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: {} },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_restay_local' });
    const reply = await server.request('/api/payment/webhook', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
      body: payload,
    });
    expect(reply.status).toBe(400);
  });

  it('no key, token or signing secret is a literal in the server source', () => {
    const literal = /['"`](sk_(test|live)_|rk_(test|live)_|whsec_)[\w-]{4,}['"`]/;
    const files = (readdirSync('server', { recursive: true }) as string[]).filter((file) => file.endsWith('.ts'));
    const offenders = files.filter((file) => literal.test(readFileSync(path.join('server', file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
