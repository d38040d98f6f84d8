import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
