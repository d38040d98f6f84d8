import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataFingerprint, fuzz, type FuzzTarget } from '../helpers/reliability/fuzz.ts';
import { prepareFuzzTarget } from '../helpers/reliability/fuzz-setup.ts';
import { TEST_PUBLIC_URL } from '../helpers/supabase-client.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

// The short, seeded run of the fuzz suite (`npm run fuzz` sends many more): every mounted route, the stand-ins
// and the built-in auth server included, gets malformed requests; none may fail, leak or change data.
const REQUESTS = 1_200;
const SEED = 19;

let server: TestServer;
let target: FuzzTarget;

beforeAll(async () => {
  server = await startTestServer({
    env: { PUBLIC_URL: TEST_PUBLIC_URL },
    authRateLimits: { token: 10_000, signIn: 10_000 },
  });
  target = await prepareFuzzTarget(server);
});
afterAll(() => server.close());

describe('malformed requests on every route', () => {
  it('are refused in the error shape, without a 5xx, a leak or a change of data', { timeout: 180_000 }, async () => {
    const before = await dataFingerprint(server.database.db);
    const report = await fuzz(target, { count: REQUESTS, seed: SEED });

    expect(report.failures.slice(0, 10)).toEqual([]);
    expect(report.sent).toBe(REQUESTS);
    expect(Object.keys(report.perRoute).length).toBe(target.routes.length);
    expect(await dataFingerprint(server.database.db)).toEqual(before);
    expect((await server.request('/api/health')).status).toBe(200);
  });
});
