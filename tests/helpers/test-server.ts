import { TEST_HOTEL_LINK_KEY, TEST_HOTEL_TOKEN_KEY } from './hotels.ts';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Express } from 'express';
import { pino } from 'pino';
import { refreshRates } from '../../server/rates/refresh-rates.ts';
import { createAdapters, type Adapters } from '../../server/adapters.ts';
import { createApp, type AppDependencies } from '../../server/app.ts';
import { createSelfOrigin } from '../../server/http/self-origin.ts';
import { answerUnparseableRequests } from '../../server/http/unparseable-requests.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { createTestDatabase } from './test-database.ts';
import { connectHotel, TEST_ENTERPRISE_ID } from './test-hotel.ts';

export interface TestServer {
  url: string;
  /** The app itself, e.g. to list its routes. */
  app: Express;
  database: Awaited<ReturnType<typeof createTestDatabase>>;
  config: Config;
  /** The adapters the app runs with (e.g. to run its payment jobs in a test). */
  adapters: Adapters;
  request(path: string, init?: RequestInit): Promise<{ status: number; headers: Headers; body: any }>;
  close(): Promise<void>;
}

/** The real app over HTTP on a free port, with a fresh database. */
export async function startTestServer(
  options: Partial<Pick<AppDependencies, 'clock' | 'webRoot' | 'authRateLimits' | 'renderPage' | 'startUp'>> & {
    env?: Record<string, string>;
    /** Replaces chosen adapters, e.g. a photo source that counts its calls. */
    adapters?: Partial<Adapters>;
    /** Another instance's database, as a second API instance shares it; left open by `close`. */
    database?: TestServer['database'];
  } = {},
): Promise<TestServer> {
  const database = options.database ?? (await createTestDatabase());
  // The hotel the PMS doubles' reservations belong to, connected and allowing what Restay allows.
  if (!options.database) await connectHotel(database.db, { enterpriseId: TEST_ENTERPRISE_ID, now: options.clock?.() });
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    LOG_LEVEL: 'silent',
    // Hotels a test inserts are encrypted with this key (tests/helpers/hotels.ts).
    HOTEL_TOKEN_KEY: TEST_HOTEL_TOKEN_KEY,
    HOTEL_LINK_KEY: TEST_HOTEL_LINK_KEY,
    ...options.env,
  });
  const logger = pino({ level: 'silent' });
  const clock = options.clock ?? (() => new Date());
  const selfOrigin = createSelfOrigin();
  const adapters = { ...(await createAdapters({ config, database, logger, clock, selfOrigin })), ...options.adapters };
  const dependencies: AppDependencies = {
    config,
    database,
    logger,
    // With no SMTP_URL the mail adapter is the dev mailbox: tests read what the app sends from mail_outbox.
    adapters,
    clock,
    webRoot: options.webRoot,
    authRateLimits: options.authRateLimits,
    renderPage: options.renderPage,
    startUp: options.startUp,
  };
  const app = createApp(dependencies);
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  answerUnparseableRequests(server);
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  selfOrigin.listeningOn(server.address());
  // The test checkout delivers its webhooks in the background, as it does in the product.
  const stopStandIns = adapters.standIns.start();
  // The product reads the day's exchange rates as it starts (server/rates/jobs.ts); so does every test server.
  await refreshRates(database.db, adapters.rates, clock());
  return {
    url,
    app,
    database,
    config,
    adapters,
    async request(path, init) {
      const response = await fetch(url + path, init);
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // Not JSON: keep the text so the test can assert on it.
      }
      return { status: response.status, headers: response.headers, body };
    },
    async close() {
      await stopStandIns();
      await new Promise((resolve) => server.close(resolve));
      if (!options.database) await database.dispose();
    },
  };
}
