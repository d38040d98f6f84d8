import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/production-server.ts';
import { buildDemoRows } from '../../server/standins/demo/seed.ts';
import { startServer, withMigratedDatabase } from '../helpers/child-server.ts';
import { withAdmin } from '../helpers/postgres-admin.ts';
import { PROJECT_AUTH_ENV, projectToken } from '../helpers/project-tokens.ts';

/**
 * The reviewer's reproduction, on a fresh data directory (with TEST_DATABASE_URL, a new empty PostgreSQL database,
 * so the migrations run too): the real server as a child process, polled until its
 * first ready answer, and in that same millisecond a seller asks to verify a demo reservation and a buyer opens a
 * checkout for a seeded stay. Both are answered as they would be a minute later: no hotel refuses for want of a
 * policy it has not been given yet, and no stay is paused.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const databaseName = `restay_ready_${randomBytes(4).toString('hex')}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'restay-ready-'));
/** Where the server keeps its data: a database of its own on PostgreSQL, else the data directory's PGlite. */
async function freshStore(): Promise<Record<string, string>> {
  if (!adminUrl) {
    withMigratedDatabase(dataDir);
    return {};
  }
  await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE ${databaseName}`));
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  return { DATABASE_URL: url.toString() };
}
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  if (adminUrl)
    await withAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`));
});

async function user(email: string) {
  const id = randomUUID();
  return { Authorization: `Bearer ${await projectToken(id, email)}`, 'Content-Type': 'application/json' };
}

interface Reply {
  status: number;
  retryAfter: string | null;
  body: { success: boolean; code?: string; error?: string; details?: unknown };
}

async function call(url: string, init?: RequestInit): Promise<Reply> {
  const reply = await fetch(url, init);
  return {
    status: reply.status,
    retryAfter: reply.headers.get('retry-after'),
    body: (await reply.json()) as Reply['body'],
  };
}

describe('ready means ready', () => {
  it('serves a seller and a buyer in the millisecond of its first ready answer, refusing and pausing nothing', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    // Prepared before the start: a demo PMS guest who will sell, a buyer, and a seeded stay for sale.
    const seller = { email: 'lucas.oliveira@example.com', confirmationNumber: 'LIS-51870' };
    const sellerHeaders = await user(seller.email);
    const buyerHeaders = await user(`buyer-${randomUUID().slice(0, 8)}@example.com`);
    const listingId = buildDemoRows(new Date()).listings.find(
      (listing, index) => index > 2 && listing.status === 'active',
    )!.id;
    const checkoutBody = {
      listingId,
      guestFirstName: 'Erika',
      guestLastName: 'Mustermann',
      successUrl: `${url}/payment/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${url}/payment/cancel`,
    };

    const notReady: Reply[] = [];
    const store = await freshStore();
    const server = startServer({
      ...PROJECT_AUTH_ENV,
      ...store,
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
    });
    try {
      let ready: Reply | undefined;
      const until = Date.now() + 120_000;
      while (!ready && Date.now() < until) {
        const reply = await call(`${url}/api/health`).catch(() => undefined);
        if (reply?.status === 200) ready = reply;
        else if (reply) notReady.push(reply);
        else await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(ready, server.output()).toBeDefined();
      const [verification, checkout] = await Promise.all([
        call(`${url}/api/reservations/verify-combined`, {
          method: 'POST',
          headers: sellerHeaders,
          body: JSON.stringify(seller),
        }),
        call(`${url}/api/payment/create-checkout-session`, {
          method: 'POST',
          headers: buyerHeaders,
          body: JSON.stringify(checkoutBody),
        }),
      ]);
      expect(verification.status, JSON.stringify(verification.body)).toBe(200);
      expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);

      // Every answer before ready was a 503 "starting up" in the API's error shape, saying when to ask again.
      for (const reply of notReady) {
        expect(reply.status).toBe(503);
        expect(reply.retryAfter).toMatch(/^\d+$/);
        expect(reply.body).toMatchObject({
          success: false,
          code: 'SERVICE_UNAVAILABLE',
          error: 'Restay is starting up',
        });
        expect(reply.body.details).toEqual(expect.arrayContaining([{ step: expect.any(String) }]));
      }
      const stay = await call(`${url}/api/listings/${listingId}`);
      expect(stay.body).toMatchObject({ data: { status: 'reserved' } });
      // Nothing was paused: every stay for sale is one its hotel approves.
      const total = async (query: string) =>
        ((await call(`${url}/api/listings?${query}`)).body as { meta?: { total: number } }).meta?.total;
      expect(await total('hotelApproved=true')).toBe(await total(''));
      expect(await total('')).toBeGreaterThanOrEqual(34);
    } finally {
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    }
  }, 180_000);
});
