import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createNetServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../../scripts/production-server.ts';
import { startServer, waitForHealth } from '../helpers/child-server.ts';

/**
 * The server bundle started as production starts it, with every real provider configured (each pointed at a
 * local port, so nothing leaves the machine): not one stand-in module may be loaded, and no stand-in answers.
 * The bundle keeps the stand-in wing in files of its own, imported only where the stand-in policy allows.
 */
const MODULE_LOG_HOOK = pathToFileURL(path.resolve(import.meta.dirname, '../helpers/module-log.mjs')).href;

const listen = (server: Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
  );

let dataDir: string;
let moduleLog: string;
let base: string;
let running: ReturnType<typeof startServer>;
const fakes: Server[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'restay-production-'));
  moduleLog = path.join(dataDir, 'modules.log');
  writeFileSync(moduleLog, '');
  // An SMTP relay that greets, and a Mews (and exchange-rates source) that refuses everything: enough for a
  // server that only starts.
  const smtp = createNetServer((socket) => socket.end('220 relay.test ESMTP\r\n'));
  const mews = createHttpServer((_req, res) => res.writeHead(401, { 'Content-Type': 'application/json' }).end('{}'));
  fakes.push(smtp, mews);
  const [smtpPort, mewsPort, port] = await Promise.all([listen(smtp), listen(mews), freePort()]);
  base = `http://127.0.0.1:${port}`;
  running = startServer(
    {
      NODE_ENV: 'production',
      PORT: String(port),
      PUBLIC_URL: 'https://restay.example',
      TRUST_PROXY: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      CODE_HMAC_KEY: 'k'.repeat(64),
      ALERTS_SECRET: 'a'.repeat(64),
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      MEWS_PLATFORM_URL: `http://127.0.0.1:${mewsPort}`,
      MEWS_CLIENT_TOKEN: 'client-token',
      MEWS_ACCESS_TOKENS: 'hotel-a',
      MEWS_WEBHOOK_TOKEN: 'w'.repeat(40),
      MEWS_INTEGRATION_WEBHOOK_TOKEN: 'i'.repeat(40),
      HOTEL_TOKEN_KEY: 'ab'.repeat(32),
      HOTEL_LINK_KEY: 'cd'.repeat(32),
      EXCHANGE_RATES_URL: `http://127.0.0.1:${mewsPort}/stats/eurofxref/eurofxref-daily.xml`,
      STRIPE_SECRET_KEY: 'sk_live_production_test',
      STRIPE_WEBHOOK_SECRET: 'whsec_production_test',
      STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_production_connect_test',
      RESTAY_MODULE_LOG: moduleLog,
    },
    ['--import', MODULE_LOG_HOOK],
  );
  // A production start on a busy 2-core machine can outlast one wait (90 s): the process's own exit still ends it.
  await waitForHealth(base, running.exited, running.output).catch(() =>
    waitForHealth(base, running.exited, running.output),
  );
}, 240_000);

afterAll(async () => {
  if (running && running.child.exitCode === null) {
    running.child.kill('SIGTERM');
    await running.exited;
  }
  await Promise.all(fakes.map((server) => new Promise((resolve) => server.close(resolve))));
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a production start with every real provider', () => {
  it('loads no stand-in module', () => {
    const standInFiles = inject('standInFiles');
    const entry = inject('serverEntry');
    // The check means something: the bundle has the wing, in files apart from the entry.
    expect(standInFiles.length).toBeGreaterThan(0);
    expect(standInFiles).not.toContain(entry);

    const loaded = readFileSync(moduleLog, 'utf8')
      .split('\n')
      .filter((url) => url.startsWith('file:'))
      .map((url) => fileURLToPath(url));
    // The log saw the server itself and the libraries loaded beside the bundle (most are inside it).
    expect(loaded).toContain(entry);
    expect(loaded.some((file) => file.includes(`${path.sep}node_modules${path.sep}pino${path.sep}`))).toBe(true);
    expect(
      loaded.filter((file) => standInFiles.includes(file) || file.includes(`${path.sep}standins${path.sep}`)),
    ).toEqual([]);
  });

  it.each([
    ['GET', '/dev/mailbox'],
    ['GET', '/dev/mailbox.json'],
    ['GET', '/dev/pms'],
    ['GET', '/dev/pms.json'],
    ['POST', '/demo-mews/api/connector/v1/configuration/get'],
    ['GET', '/ecb-standin/stats/eurofxref/eurofxref-daily.xml'],
    ['GET', '/test-checkout/cs_test_1'],
    ['GET', '/test-checkout/dashboard'],
    ['POST', '/v1/checkout/sessions'],
    ['GET', '/auth/v1/authorize/dev?flow=1'],
    ['POST', '/auth/v1/authorize/dev?flow=1'],
  ])('%s %s answers 404', async (method, pathname) => {
    const reply = await fetch(base + pathname, { method, redirect: 'manual' });
    await reply.arrayBuffer();
    expect(reply.status).toBe(404);
  });
});
