import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../../server/db/transaction.ts';
import { importConfiguredHotels } from '../../server/hotels/hotel-tokens.ts';
import { testCipher } from '../helpers/hotels.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

const NOW = new Date('2026-11-26T10:00:00Z');

describe('importing the configured hotels at start-up', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());

  it('makes every hotel that answered a row at once, after all have answered, and counts the one that did not', async () => {
    let answerLast!: () => void;
    const lastAnswers = new Promise<void>((resolve) => (answerLast = resolve));
    const asked: string[] = [];
    const enterpriseOf = async (token: string) => {
      asked.push(token);
      if (token === 'token-down') throw new Error('the hotel system is not answering');
      if (token === 'token-slow') await lastAnswers;
      return { id: `enterprise-${token}`, chainId: null, name: `Hotel ${token}` };
    };
    const deps = { db: database.db, cipher: testCipher(), clock: () => NOW, logger: pino({ level: 'silent' }) };
    const importing = importConfiguredHotels({ ...deps, pms: { enterpriseOf } }, [
      'token-fast',
      'token-slow',
      'token-down',
    ]);

    // Every hotel's system is asked without waiting for the others.
    await expect.poll(() => asked.length).toBe(3);
    const hotels = () => database.db.selectFrom('hotels').select('name').orderBy('name').execute();
    expect(await hotels()).toEqual([]);
    answerLast();
    expect(await importing).toEqual({ imported: 2, failed: 1 });
    expect(await hotels()).toEqual([{ name: 'Hotel token-fast' }, { name: 'Hotel token-slow' }]);

    // The next start asks only the hotel that did not answer.
    asked.length = 0;
    expect(await importConfiguredHotels({ ...deps, pms: { enterpriseOf } }, ['token-fast', 'token-down'])).toEqual({
      imported: 0,
      failed: 1,
    });
    expect(asked).toEqual(['token-down']);
  });

  it('runs what comes with joining in the same transaction, at every start: the hotels never join without it', async () => {
    const deps = { db: database.db, cipher: testCipher(), clock: () => NOW, logger: pino({ level: 'silent' }) };
    const enterpriseOf = async (token: string) => ({
      id: `enterprise-${token}`,
      chainId: null,
      name: `Hotel ${token}`,
    });
    const joined = () =>
      database.db.selectFrom('hotels').select('name').where('name', '=', 'Hotel token-new').execute();
    const failing = async () => {
      throw new Error('the policy could not be written');
    };
    const importing = importConfiguredHotels({ ...deps, pms: { enterpriseOf }, whenHotelsJoin: failing }, [
      'token-new',
    ]);
    await expect(importing).rejects.toThrow('the policy could not be written');
    expect(await joined()).toEqual([]);

    const seen: number[] = [];
    const whenHotelsJoin = async (trx: Executor) => {
      const rows = await trx.selectFrom('hotels').select('name').where('name', '=', 'Hotel token-new').execute();
      seen.push(rows.length);
    };
    await importConfiguredHotels({ ...deps, pms: { enterpriseOf }, whenHotelsJoin }, ['token-new']);
    // A start with every hotel known runs it too, completing a join an earlier start may have left without it.
    await importConfiguredHotels({ ...deps, pms: { enterpriseOf }, whenHotelsJoin }, ['token-new']);
    expect(seen).toEqual([1, 1]);
    expect(await joined()).toEqual([{ name: 'Hotel token-new' }]);
  });
});
