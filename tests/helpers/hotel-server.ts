import { Writable } from 'node:stream';
import { pino } from 'pino';
import { hotelDeps, type HotelDeps } from '../../server/hotels/deps.ts';
import { registerHotelJobs } from '../../server/hotels/jobs.ts';
import { JobRegistry } from '../../server/jobs/registry.ts';
import { runDueJobs } from '../../server/jobs/worker.ts';
import { testClock } from './buying-fixture.ts';
import { PROJECT_AUTH_ENV } from './project-tokens.ts';
import { TEST_PUBLIC_URL } from './supabase-client.ts';
import { startTestServer, type TestServer } from './test-server.ts';

/** A test server for the hotels' journeys, whose hotel jobs run on demand and whose log lines are kept. */
export interface HotelServer {
  server: TestServer;
  clock: ReturnType<typeof testClock>;
  deps: HotelDeps;
  /** Every log line the hotel jobs wrote. */
  logLines: string[];
  runJobs(): Promise<number>;
  /** POSTs an integration event with the right token (or the one given). */
  integrationEvent(event: unknown, token?: string): ReturnType<TestServer['request']>;
  /** The latest email to `to`, and the link token it carries. */
  lastEmailTo(to: string): Promise<{ subject: string; text: string; token: string | null } | undefined>;
  close(): Promise<void>;
}

export async function startHotelServer(): Promise<HotelServer> {
  const clock = testClock();
  // Project tokens sign people in instantly and stay valid whatever the test's clock shows.
  const server = await startTestServer({ clock, env: { ...PROJECT_AUTH_ENV, PUBLIC_URL: TEST_PUBLIC_URL } });
  const logLines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  const deps = hotelDeps({
    database: server.database,
    clock,
    adapters: server.adapters,
    config: server.config,
    logger: pino({ level: 'trace' }, sink),
  });
  const registry = registerHotelJobs(new JobRegistry(), deps);
  return {
    server,
    clock,
    deps,
    logLines,
    runJobs: () => runDueJobs({ db: server.database.db, clock, logger: deps.logger, registry }),
    integrationEvent: (event, token = server.config.mewsIntegrationWebhookToken) =>
      server.request(`/api/mews/integration-webhook?Token=${encodeURIComponent(token)}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(event),
      }),
    async lastEmailTo(to) {
      const mail = await server.database.db
        .selectFrom('mail_outbox')
        .select(['subject', 'text_body'])
        .where('to_address', '=', to)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (!mail) return undefined;
      const token = /\/hotel\/claim\?token=([\w-]+)/.exec(mail.text_body)?.[1] ?? null;
      return { subject: mail.subject, text: mail.text_body, token };
    },
    close: () => server.close(),
  };
}
