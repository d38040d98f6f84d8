import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../server/standins/demo/seed.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/**
 * On a public demo (DEMO_MODE=true) the demo PMS's page is open to anyone, and its Cancel plays the hotel
 * cancelling a reservation: a listing of it is withdrawn and a sale under way refunded. So only someone holding
 * the demo operator token may press it, as with the test dashboard's Refund; on a developer's own machine it
 * stays a plain button.
 */
const OPERATOR_TOKEN = 'demo-operator-token-0123456789abcdef';
let demo: TestServer;
let local: TestServer;

beforeAll(async () => {
  [demo, local] = await Promise.all([
    startTestServer({ env: { DEMO_MODE: 'true', DEMO_OPERATOR_TOKEN: OPERATOR_TOKEN } }),
    startTestServer(),
  ]);
  await Promise.all([seedDemoData(demo.database.db), seedDemoData(local.database.db)]);
});
afterAll(() => Promise.all([demo.close(), local.close()]));

/** A confirmed demo reservation no one imported, and its state in the demo PMS now. */
async function confirmedStay(server: TestServer) {
  const { body } = await server.request('/dev/pms.json');
  return (body.data as { confirmationNumber: string; state: string }[]).find(
    (r) => r.state === 'Confirmed' && !r.confirmationNumber.startsWith('RST-'),
  )!.confirmationNumber;
}
async function stateOf(server: TestServer, number: string) {
  const { body } = await server.request('/dev/pms.json');
  return (body.data as { confirmationNumber: string; state: string }[]).find((r) => r.confirmationNumber === number)
    ?.state;
}
const cancel = (server: TestServer, number: string, fields: Record<string, string> = {}) =>
  fetch(`${server.url}/dev/pms/${encodeURIComponent(number)}/cancel`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    redirect: 'manual',
  });

describe('Cancel on /dev/pms of a public demo', () => {
  it('asks for the demo operator token beside every Cancel', async () => {
    const page = await (await fetch(`${demo.url}/dev/pms`)).text();
    expect(page).toMatch(/<label[^>]*>Demo operator token\s*<input type="password" name="operator_token"/);
    expect(await (await fetch(`${local.url}/dev/pms`)).text()).not.toContain('operator_token');
  });

  it('refuses a Cancel without the token, or with a wrong one, and cancels nothing', async () => {
    const number = await confirmedStay(demo);
    for (const fields of [{}, { operator_token: 'guess' }] as Record<string, string>[]) {
      const reply = await cancel(demo, number, fields);
      expect(reply.status).toBe(403);
      expect(await reply.text()).toContain('demo operator token');
    }
    expect(await stateOf(demo, number)).toBe('Confirmed');
  });

  it('cancels with the operator token', async () => {
    const number = await confirmedStay(demo);
    const reply = await cancel(demo, number, { operator_token: OPERATOR_TOKEN });
    expect(reply.status).toBe(303);
    expect(await stateOf(demo, number)).toBe('Canceled');
  });

  it('stays a plain button on a developer machine', async () => {
    const number = await confirmedStay(local);
    expect((await cancel(local, number)).status).toBe(303);
    expect(await stateOf(local, number)).toBe('Canceled');
  });
});
