import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/production-server.ts';
import { startServer, waitForHealth, withMigratedDatabase } from '../helpers/child-server.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'restay-startup-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('start-up', () => {
  it('stops with a message naming a bad variable', async () => {
    const server = startServer({ PORT: 'eighty', DATA_DIR: dataDir });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT');
  });

  it('refuses to start in production with only the development sign-in page', async () => {
    const server = startServer({ NODE_ENV: 'production', SMTP_URL: 'smtp://relay.example:587', DATA_DIR: dataDir });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(
      'NODE_ENV=production never runs the local stand-ins, and sign-in, hotel system, payments would run on them',
    );
  });

  it('refuses a public PUBLIC_URL on stand-ins with one line naming the variables to set', async () => {
    const server = startServer({
      PUBLIC_URL: 'https://restay.example',
      SMTP_URL: 'smtp://relay.example:587',
      DATA_DIR: dataDir,
    });
    expect(await server.exited).toBe(1);
    const line = server
      .output()
      .split('\n')
      .find((text) => text.includes('is not a loopback address'));
    expect(line?.trim()).toBe(
      'PUBLIC_URL https://restay.example is not a loopback address, and sign-in, hotel system, payments would run on local stand-ins: ' +
        'set SUPABASE_URL and SUPABASE_ANON_KEY (or GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET); ' +
        'MEWS_PLATFORM_URL, MEWS_CLIENT_TOKEN and MEWS_ACCESS_TOKENS; STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_CONNECT_WEBHOOK_SECRET, or DEMO_MODE=true for a public demo.',
    );
  });

  it('seeds no demo sellers where the demo hotel system does not run', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const emptyDir = withMigratedDatabase(mkdtempSync(path.join(tmpdir(), 'restay-startup-mews-')));
    const mews = {
      MEWS_PLATFORM_URL: 'https://api.mews.com',
      MEWS_CLIENT_TOKEN: 'client',
      MEWS_ACCESS_TOKENS: 'hotel-a',
    };
    const server = startServer({ PORT: String(port), DATA_DIR: emptyDir, ...mews });
    try {
      await waitForHealth(url, server.exited);
      expect((await (await fetch(`${url}/api/listings`)).json()).meta.total).toBe(0);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(server.output()).not.toContain('demo data seeded');
    } finally {
      rmSync(emptyDir, { recursive: true, force: true });
    }
  }, 180_000);

  it('on SIGTERM while every background loop is in its first round, waits for them before closing the database', async () => {
    const port = await freePort();
    const freshDir = withMigratedDatabase(mkdtempSync(path.join(tmpdir(), 'restay-startup-stop-')));
    const server = startServer({ PORT: String(port), DATA_DIR: freshDir });
    try {
      // The loops start on listen, each with a round at once: stopping right then catches them mid-query.
      await expect
        .poll(() => server.output().includes('Restay is listening'), { timeout: 120_000, interval: 5 })
        .toBe(true);
      server.child.kill('SIGTERM');
      const started = Date.now();
      expect(await server.exited).toBe(0);
      expect(Date.now() - started).toBeLessThan(10_000);
      const lines = server
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { level: number; msg: string });
      // pino levels: 40 warn, 50 error. A loop whose query met a closed database logs one.
      expect(lines.filter((line) => line.level >= 40)).toEqual([]);
      // After the signal, only the start-up work it caught may still finish (the first exchange-rates read, the
      // configured hotels' import, with the demo hotels' policies) with the requests it makes to the demo PMS
      // this server serves; nothing starts.
      const finishing = ['request completed', 'exchange rates refreshed', 'configured hotels imported'];
      const messages = lines.map((line) => line.msg);
      const afterSignal = messages.slice(messages.indexOf('shutting down') + 1);
      expect(messages).toContain('shutting down');
      expect(afterSignal.filter((msg) => !finishing.includes(msg))).toEqual([]);
    } finally {
      rmSync(freshDir, { recursive: true, force: true });
    }
  }, 180_000);

  it('fails fast with a clear message when DATABASE_URL is unreachable', async () => {
    const started = Date.now();
    const server = startServer({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/restay', DATA_DIR: dataDir });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Cannot connect to the database at DATABASE_URL');
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('seeds an empty data directory once, keeps it to itself, keeps rows across a restart, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env = { PORT: String(port), DATA_DIR: dataDir };

    const first = startServer(env);
    await waitForHealth(url, first.exited);
    const listings = (await (await fetch(`${url}/api/listings`)).json()).meta.total;
    expect(listings).toBeGreaterThanOrEqual(35);
    // A second server on the same embedded database would overwrite the first's writes: it refuses to start.
    const intruder = startServer({ ...env, PORT: String(port + 1) });
    expect(await intruder.exited).toBe(1);
    expect(intruder.output()).toContain(`is in use by process ${first.child.pid}`);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('demo data seeded');
    // The data directory's own random secrets, kept for the next start.
    expect(existsSync(path.join(dataDir, 'local-secrets.json'))).toBe(true);

    const second = startServer(env);
    await waitForHealth(url, second.exited);
    expect((await (await fetch(`${url}/api/listings`)).json()).meta.total).toBe(listings);
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
    expect(second.output()).not.toContain('demo data seeded');
  }, 180_000);
});
