import type { AddressInfo } from 'node:net';
import express from 'express';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnreachable } from '../../server/db/unreachable.ts';
import { errorHandler } from '../../server/http/error-handler.ts';

/** What pg (and the embedded database's thread) throw when the database cannot be reached, as they throw it. */
const UNREACHABLE: [string, unknown][] = [
  ['nothing listens', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
  ['an administrator stopped it', Object.assign(new Error('terminating connection'), { code: '57P01' })],
  ['it is starting', Object.assign(new Error('the database system is starting up'), { code: '57P03' })],
  ['a connection failure', Object.assign(new Error('connection failure'), { code: '08006' })],
  ['the connection was cut', new Error('Connection terminated unexpectedly')],
  ['no client came free in time', new Error('timeout exceeded when trying to connect')],
  ['wrapped by a caller', new Error('query failed', { cause: new Error('Connection terminated') })],
  ['the embedded database stopped', new Error('The embedded database stopped (exit code 1)')],
];
const STATEMENT_ERRORS: [string, unknown][] = [
  ['a unique violation', Object.assign(new Error('duplicate key'), { code: '23505' })],
  ['a syntax error', Object.assign(new Error('syntax error'), { code: '42601' })],
  ['a bug', new TypeError('Cannot read properties of undefined')],
];

let url: string;
let close: () => void;
beforeAll(async () => {
  const app = express();
  const log = pino({ level: 'silent' });
  app.use((req, _res, next) => {
    req.log = log;
    next();
  });
  app.get('/throw/:case', (req) => {
    throw [...UNREACHABLE, ...STATEMENT_ERRORS].find(([name]) => name === req.params.case)![1];
  });
  app.use(errorHandler);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

describe('a database that cannot be reached', () => {
  it.each(UNREACHABLE)('answers 503 SERVICE_UNAVAILABLE with Retry-After when %s', async (name, error) => {
    expect(isDatabaseUnreachable(error)).toBe(true);
    const reply = await fetch(`${url}/throw/${encodeURIComponent(name)}`);
    expect(reply.status).toBe(503);
    expect(reply.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await reply.json()).toEqual({
      success: false,
      code: 'SERVICE_UNAVAILABLE',
      error: 'Restay is having trouble reaching its database',
      details: { reason: 'database_unreachable' },
    });
  });

  it.each(STATEMENT_ERRORS)('is not confused with %s, which stays a 500', async (name, error) => {
    expect(isDatabaseUnreachable(error)).toBe(false);
    const reply = await fetch(`${url}/throw/${encodeURIComponent(name)}`);
    expect(reply.status).toBe(500);
    expect(reply.headers.get('retry-after')).toBeNull();
  });
});
