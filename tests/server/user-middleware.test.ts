import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { pino } from 'pino';
import { pinoHttp } from 'pino-http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from '../../server/http/error-handler.ts';
import { userMiddleware } from '../../server/auth/require-user.ts';

/** A verifier that trusts exactly one token, so the middleware is tested on its own. */
const users = userMiddleware(async (token) => {
  if (token !== 'good') throw new Error('bad token');
  return { id: 'user-1', email: 'a@example.com', emailVerified: true, sessionId: 's-1' };
});

let server: Server;
let url: string;
beforeAll(async () => {
  const app = express();
  app.use(pinoHttp({ logger: pino({ level: 'silent' }) }));
  app.get('/required', users.requireUser, (req, res) => res.json({ user: req.user?.id }));
  app.get('/viewer', users.viewer, (req, res) => res.json({ user: req.user?.id ?? null }));
  app.use(errorHandler);
  server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const get = async (path: string, authorization?: string) => {
  const response = await fetch(url + path, { headers: authorization ? { Authorization: authorization } : {} });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe('requireUser', () => {
  it('refuses a guest and a bad token, and accepts a valid token', async () => {
    expect((await get('/required')).status).toBe(401);
    const { status, body } = await get('/required', 'Bearer forged');
    expect(status).toBe(401);
    expect(body).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    expect(await get('/required', 'Bearer good')).toEqual({ status: 200, body: { user: 'user-1' } });
  });
});

describe('viewer', () => {
  it('identifies a valid token and reads a guest, a malformed header or a refused token as a guest', async () => {
    expect(await get('/viewer', 'Bearer good')).toEqual({ status: 200, body: { user: 'user-1' } });
    expect(await get('/viewer')).toEqual({ status: 200, body: { user: null } });
    expect(await get('/viewer', 'Basic abc')).toEqual({ status: 200, body: { user: null } });
    expect(await get('/viewer', 'Bearer forged')).toEqual({ status: 200, body: { user: null } });
  });
});
