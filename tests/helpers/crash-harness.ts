import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { freePort } from '../../scripts/production-server.ts';
import { startServer, waitForHealth, withMigratedDatabase } from './child-server.ts';
import { withAdmin } from './postgres-admin.ts';
import { PROJECT_AUTH_ENV, projectToken } from './project-tokens.ts';

export interface CrashUser {
  id: string;
  email: string;
  headers: Record<string, string>;
}

/**
 * The real entry point (server/main.ts) run as a child process that a test can kill -9 and start again on the
 * same store: a PGlite data directory, or with TEST_DATABASE_URL a database of its own on PostgreSQL. Users
 * sign in with project tokens, so no sign-in page or its rate limit is in the way.
 */
export function crashHarness(extraEnv: Record<string, string> = {}) {
  // Chosen when the store is created, and kept: a restarted server answers where the first one did.
  let port = 0;
  let baseUrl = '';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'restay-crash-'));
  const adminUrl = process.env.TEST_DATABASE_URL;
  const databaseName = `restay_crash_${randomBytes(4).toString('hex')}`;
  let running: ReturnType<typeof startServer> | undefined;

  const databaseUrl = () => {
    if (!adminUrl) return undefined;
    const url = new URL(adminUrl);
    url.pathname = `/${databaseName}`;
    return url.toString();
  };
  const env = (): Record<string, string> => {
    const url = databaseUrl();
    return {
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ...PROJECT_AUTH_ENV,
      ...(url ? { DATABASE_URL: url } : {}),
      ...extraEnv,
    };
  };

  async function api<T>(pathname: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
    const reply = await fetch(baseUrl + pathname, init);
    return { status: reply.status, body: (await reply.json()) as T };
  }

  /** A signed-in user with a new id. */
  async function newUser(): Promise<CrashUser> {
    const id = randomUUID();
    const email = `crash-${id.slice(0, 8)}@example.com`;
    return {
      id,
      email,
      headers: { Authorization: `Bearer ${await projectToken(id, email)}`, 'Content-Type': 'application/json' },
    };
  }

  return {
    api,

    async createStore() {
      port = await freePort();
      baseUrl = `http://127.0.0.1:${port}`;
      if (adminUrl) await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE ${databaseName}`));
      else withMigratedDatabase(dataDir);
    },

    async dropStore() {
      rmSync(dataDir, { recursive: true, force: true });
      if (adminUrl)
        await withAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`));
    },

    /** Starts the server and waits until it is ready: the demo hotels joined, with their published policy. */
    async start() {
      running = startServer(env());
      await waitForHealth(baseUrl, running.exited, running.output);
    },

    /** Kills the server without warning and waits until its port is closed, so the next start serves alone. */
    async kill() {
      running?.child.kill('SIGKILL');
      await running?.exited;
      await expect(fetch(`${baseUrl}/api/health`)).rejects.toThrow();
    },

    newUser,

    /** A project command (e.g. `server/ledger/cli.ts`) run on the same store while the server is down. */
    runCommand(script: string): Promise<{ code: number | null; output: string }> {
      const child = spawn(process.execPath, ['--import', 'tsx', script], {
        env: { PATH: process.env.PATH, ...env() },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
    },

    /**
     * A seller who proved a demo reservation theirs with the emailed code, and the listing form's request for
     * it; undefined when the reservation cannot be offered (already listed, or not sellable).
     */
    async verifiedSeller(stay: { confirmationNumber: string; email: string }) {
      const seller = await newUser();
      const post = (pathname: string, body: unknown) =>
        api<{ data: Record<string, any> }>(pathname, {
          method: 'POST',
          headers: seller.headers,
          body: JSON.stringify(body),
        });
      const sent = await post('/api/reservations/verify-combined', {
        confirmationNumber: stay.confirmationNumber,
        email: stay.email,
      });
      if (sent.status !== 200) return undefined;
      const { body: mailbox } = await api<{ data: { to: string; text: string }[] }>('/dev/mailbox.json');
      const code = mailbox.data
        .filter((mail) => mail.to === stay.email)
        .map((mail) => /\b(\d{6})\b/.exec(mail.text)?.[1])
        .find(Boolean);
      expect((await post('/api/reservations/verify-code', { email: stay.email, code })).status).toBe(200);
      const found = await post('/api/reservations/find', { reservationId: stay.confirmationNumber });
      expect(found.status).toBe(200);
      const { reservationDetails, pricing } = found.body.data;
      const listing = {
        mewsReservationId: reservationDetails.Id as string,
        listingPrice: Math.min(pricing.maxPrice, 80),
        title: 'Double room, resold after a crash',
      };
      const create = () =>
        fetch(`${baseUrl}/api/listings`, { method: 'POST', headers: seller.headers, body: JSON.stringify(listing) })
          .then(async (reply) => ({
            status: reply.status,
            body: (await reply.json()) as { data?: { id: string } },
          }))
          .catch(() => undefined);
      return { seller, stay, create };
    },

    /** The demo hotel's own reservations that a marketplace user could import and list. */
    async sellableDemoStays() {
      const { body: pms } = await api<{
        data: { confirmationNumber: string; email: string; state: string; amountPaid: number | null }[];
      }>('/dev/pms.json');
      // The marketplace's own seeded reservations (RST-) are listed already.
      return pms.data.filter(
        (r) =>
          r.state === 'Confirmed' &&
          r.email.endsWith('@example.com') &&
          r.amountPaid &&
          !r.confirmationNumber.startsWith('RST-'),
      );
    },

    /** Opens a checkout for the listing as `buyer` and returns its session id. */
    async openCheckout(buyer: CrashUser, listingId: string, lastName: string) {
      const { status, body } = await api<{ data: { sessionId: string } }>('/api/payment/create-checkout-session', {
        method: 'POST',
        headers: buyer.headers,
        body: JSON.stringify({
          listingId,
          guestFirstName: 'Erika',
          guestLastName: lastName,
          successUrl: `${baseUrl}/payment/success?session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: `${baseUrl}/payment/cancel`,
        }),
      });
      expect(status, JSON.stringify(body)).toBe(200);
      return body.data.sessionId;
    },

    /** Pays on the built-in test checkout; a reply cut off by a crash is no answer. */
    pay(sessionId: string) {
      return fetch(`${baseUrl}/test-checkout/${sessionId}/pay`, {
        method: 'POST',
        body: new URLSearchParams({ number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Erika' }),
        redirect: 'manual',
      }).catch(() => undefined);
    },
  };
}

export type CrashHarness = ReturnType<typeof crashHarness>;
