import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdapters } from '../../server/adapters.ts';
import { createApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { createSelfOrigin } from '../../server/http/self-origin.ts';
import { redactUrl } from '../../server/http/redact-url.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

describe('the request log', () => {
  it('never holds the hotel webhook’s Token', async () => {
    const secret = 's'.repeat(40);
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const config = loadConfig({ LOG_LEVEL: 'info', MEWS_WEBHOOK_TOKEN: secret });
    const logger = pino({ level: 'info' }, sink);
    const selfOrigin = createSelfOrigin();
    const adapters = await createAdapters({ config, database, logger, clock: () => new Date(), selfOrigin });
    const server = createApp({ config, database, logger, clock: () => new Date(), adapters }).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as { port: number };
      const reply = await fetch(`http://127.0.0.1:${port}/api/mews/webhook?Token=${secret}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ Events: [] }),
      });
      await reply.arrayBuffer();
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    const logged = lines.join('');
    expect(logged).toContain('/api/mews/webhook?Token=[redacted]');
    expect(logged).not.toContain(secret);
  });

  it('redacts secret query parameters and keeps the rest', () => {
    expect(redactUrl('/api/mews/webhook?Token=abc&x=1')).toBe('/api/mews/webhook?Token=[redacted]&x=1');
    expect(redactUrl('/cb?state=1&code=xyz')).toBe('/cb?state=1&code=[redacted]');
    expect(redactUrl('/api/listings?q=Lisbon')).toBe('/api/listings?q=Lisbon');
  });
});
