import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectStore } from '../../server/standins/stripe/connect-store.ts';
import { idempotencyKeys } from '../../server/standins/stripe/idempotency.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const now = new Date('2031-03-01T10:00:00Z');
const REQUEST = ['POST', '/accounts', { email: 'seller@example.com' }];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());
beforeEach(async () => {
  await database.db.deleteFrom('stripe_standin_idempotency_keys').execute();
  await database.db.deleteFrom('stripe_standin_accounts').execute();
});

const accounts = async () =>
  (await database.db.selectFrom('stripe_standin_accounts').select('id').execute()).map((row) => row.id);
const claims = async () =>
  (await database.db.selectFrom('stripe_standin_idempotency_keys').select('key').execute()).map((row) => row.key);

/** The stand-in's account creation under an idempotency key, as its API route runs it. */
const createAccount = (key: string) =>
  idempotencyKeys(database.db).run(key, REQUEST, now, async (trx) => {
    const row = await connectStore(trx, 'eur').createAccount({ email: 'seller@example.com', metadata: {}, now });
    return { status: 200, body: { id: row.id } };
  });

describe('the checkout stand-in’s idempotency keys', () => {
  it('leave neither an effect nor a claim when a request dies before answering; the key then works once', async () => {
    const dying = idempotencyKeys(database.db).run('k-1', REQUEST, now, async (trx) => {
      await connectStore(trx, 'eur').createAccount({ email: 'seller@example.com', metadata: {}, now });
      throw new Error('the process died here');
    });
    await expect(dying).rejects.toThrow('the process died here');
    expect(await accounts()).toEqual([]);
    expect(await claims()).toEqual([]);

    // The caller retries with the same key, as the payout job does after a crash: done once, then replayed.
    const first = await createAccount('k-1');
    const again = await createAccount('k-1');
    expect(again).toEqual({ ...first, replayed: true });
    expect(await accounts()).toEqual([(first.body as { id: string }).id]);
  });

  it('give two requests with the same key at once one effect and the same answer', async () => {
    const answers = await Promise.all([createAccount('k-2'), createAccount('k-2')]);
    expect(answers[0]!.body).toEqual(answers[1]!.body);
    expect(answers.filter((answer) => answer.replayed)).toHaveLength(1);
    expect(await accounts()).toHaveLength(1);
  });

  it('return a server error without keeping it, so the same key runs again', async () => {
    const failing = await idempotencyKeys(database.db).run('k-3', REQUEST, now, async (trx) => {
      await connectStore(trx, 'eur').createAccount({ email: 'seller@example.com', metadata: {}, now });
      return { status: 500, body: { error: { type: 'api_error' } } };
    });
    expect(failing.status).toBe(500);
    expect(await accounts()).toEqual([]);
    expect((await createAccount('k-3')).status).toBe(200);
    expect(await accounts()).toHaveLength(1);
  });

  it('refuse the same key with other parameters', async () => {
    await createAccount('k-4');
    const other = idempotencyKeys(database.db).run('k-4', ['POST', '/accounts', {}], now, async () => ({
      status: 200,
      body: {},
    }));
    await expect(other).rejects.toMatchObject({ status: 400, body: { type: 'idempotency_error' } });
  });
});
