import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Express } from 'express';
import { pino } from 'pino';
import { pinoHttp } from 'pino-http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from '../../server/http/error-handler.ts';
import { clientAddress, databaseRateLimit, type RateLimitKey } from '../../server/http/rate-limit.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const servers: Server[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  await database.db.deleteFrom('rate_limits').execute();
});
afterAll(() => database.dispose());

/**
 * An app with one limited route allowing one request per window. The caller is named by an X-Test-User header
 * (standing in for the verified user requireUser sets), and requests come from 127.0.0.1.
 */
async function limitedApp(options: { key?: RateLimitKey; trustProxy?: number } = {}) {
  const app: Express = express();
  if (options.trustProxy !== undefined) app.set('trust proxy', options.trustProxy);
  app.use(pinoHttp({ logger: pino({ level: 'silent' }) }));
  app.use((req, _res, next) => {
    const id = req.get('X-Test-User');
    if (id) req.user = { id, email: undefined, emailVerified: false, sessionId: undefined };
    next();
  });
  const limiter = databaseRateLimit(database.db, {
    name: 'test',
    limit: 1,
    windowMs: 60_000,
    message: 'Too many',
    key: options.key,
  });
  app.post('/limited', limiter, (_req, res) => res.json({ success: true }));
  app.use(errorHandler);
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  servers.push(server);
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/limited`;
  return async (headers: Record<string, string> = {}) => (await fetch(url, { method: 'POST', headers })).status;
}

describe('databaseRateLimit keys', () => {
  it('gives two users on one address separate budgets when keyed by user', async () => {
    const post = await limitedApp({ key: (req) => `user:${req.user!.id}` });
    expect(await post({ 'X-Test-User': 'ana' })).toBe(200);
    expect(await post({ 'X-Test-User': 'ana' })).toBe(429);
    expect(await post({ 'X-Test-User': 'ben' })).toBe(200);
    const keys = (await database.db.selectFrom('rate_limits').select('key').orderBy('key').execute()).map(
      (row) => row.key,
    );
    expect(keys).toEqual(['test:user:ana', 'test:user:ben']);
  });

  it('counts a user per address with a key that combines both', async () => {
    const post = await limitedApp({ trustProxy: 1, key: (req) => `${req.user!.id}|${clientAddress(req)}` });
    const from = (user: string, address: string) => post({ 'X-Test-User': user, 'X-Forwarded-For': address });
    expect(await from('ana', '198.51.100.1')).toBe(200);
    expect(await from('ana', '198.51.100.2')).toBe(200);
    expect(await from('ben', '198.51.100.1')).toBe(200);
    expect(await from('ana', '198.51.100.1')).toBe(429);
  });

  it('shares one budget between users by default: the client address is the key', async () => {
    const post = await limitedApp();
    expect(await post({ 'X-Test-User': 'ana' })).toBe(200);
    expect(await post({ 'X-Test-User': 'ben' })).toBe(429);
  });
});

describe('the client address', () => {
  it('is the X-Forwarded-For address behind a trusted proxy', async () => {
    const post = await limitedApp({ trustProxy: 1 });
    expect(await post({ 'X-Forwarded-For': '203.0.113.7' })).toBe(200);
    expect(await post({ 'X-Forwarded-For': '203.0.113.8' })).toBe(200);
    expect(await post({ 'X-Forwarded-For': '203.0.113.7' })).toBe(429);
    const keys = (await database.db.selectFrom('rate_limits').select('key').orderBy('key').execute()).map(
      (row) => row.key,
    );
    expect(keys).toEqual(['test:203.0.113.7', 'test:203.0.113.8']);
  });

  it('ignores X-Forwarded-For without a trusted proxy, so a client cannot choose its own key', async () => {
    const post = await limitedApp();
    expect(await post({ 'X-Forwarded-For': '203.0.113.7' })).toBe(200);
    expect(await post({ 'X-Forwarded-For': '203.0.113.8' })).toBe(429);
  });
});
