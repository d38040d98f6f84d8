import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { createAdapters } from '../../server/adapters.ts';
import { createSelfOrigin } from '../../server/http/self-origin.ts';
import { createTestDatabase } from '../helpers/test-database.ts';
import { storeShippedRates } from '../helpers/rates.ts';

// Every request writes one log line (LOG_LEVEL info) carrying its request id: enough to find it, and never a
// header a caller may have put a secret in.
describe('request log', () => {
  const lines: Record<string, any>[] = [];
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let server: Server;
  let url: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    await storeShippedRates(database.db);
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const logger = pino({ level: 'info' }, sink);
    const config = loadConfig({ NODE_ENV: 'test', PORT: '0', LOG_LEVEL: 'info' });
    const clock = () => new Date();
    const app = createApp({
      config,
      database,
      logger,
      clock,
      adapters: await createAdapters({ config, database, logger, clock, selfOrigin: createSelfOrigin() }),
    });
    server = await new Promise((resolve) => {
      const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await database.dispose();
  });

  it('says which request, its outcome and its time, without headers', async () => {
    const reply = await fetch(`${url}/api/listings?location=zurich`, {
      headers: { Authorization: 'Bearer secret-token', Cookie: 'session=secret-cookie', 'X-Request-Id': 'log-test-1' },
    });
    expect(reply.status).toBe(200);
    await expect.poll(() => lines.find((line) => line.req?.id === 'log-test-1')).toBeDefined();
    const line = lines.find((entry) => entry.req?.id === 'log-test-1')!;
    expect(line).toMatchObject({
      msg: 'request completed',
      req: { id: 'log-test-1', method: 'GET', url: '/api/listings?location=zurich' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    expect(JSON.stringify(lines)).not.toMatch(/secret-token|secret-cookie|authorization|cookie/i);
  });
});
