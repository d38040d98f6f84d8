import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEcbDaily, RatesFileError } from '../../server/rates/ecb-xml.ts';
import { startRatesRefresh } from '../../server/rates/jobs.ts';
import type { RatesSource } from '../../server/rates/rates-source.ts';
import { SHIPPED_EUROFXREF_DAILY } from '../../server/standins/ecb/eurofxref-daily.ts';
import { insertListing, insertProfile } from '../helpers/factories.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/**
 * A fresh database whose first read of the exchange rates failed: searches still answer, every stay at its own
 * price (none with an estimate in another currency, price bounds kept to the visitor's currency), and the rates
 * job tries again soon, after which estimates and converted bounds work as usual.
 */

let server: TestServer;
let lisbon: string;
let london: string;

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.database;
  // As on a fresh database whose first read failed: no rates, and no listing normalised to euros.
  await db.deleteFrom('exchange_rates').execute();
  await sql`UPDATE listings SET price_eur_cents = NULL`.execute(db);
  const seller = await insertProfile(db);
  lisbon = await insertListing(db, seller, { price_cents: 12_000, currency: 'EUR' });
  london = await insertListing(db, seller, { price_cents: 9_000, currency: 'GBP' });
});
afterAll(() => server.close());

const search = async (query: string) => {
  const { status, body } = await server.request(`/api/listings?${query}`);
  expect(status).toBe(200);
  return { ids: (body.data as { id: string }[]).map((listing) => listing.id), meta: body.meta ?? body.data.meta };
};

describe('before any exchange rate is stored', () => {
  it('answers searches in any currency with every stay at its own price, and no price ceiling', async () => {
    for (const currency of ['GBP', 'EUR', 'USD']) {
      const { ids, meta } = await search(`currency=${currency}&pageSize=100`);
      expect(ids).toEqual(expect.arrayContaining([lisbon, london]));
      expect(meta).toMatchObject({ priceCeiling: null });
    }
    const rates = await server.request('/api/rates');
    expect(rates.body.data).toEqual({ date: '', unitsPerEuro: {} });
    // Not kept by the browser: estimates appear once the rates job has stored some.
    expect(rates.headers.get('cache-control')).toBe('no-store');
  });

  it('keeps price bounds to the stays in the visitor’s own currency', async () => {
    expect((await search('currency=GBP&maxPrice=100&pageSize=100')).ids).toEqual([london]);
    expect((await search('currency=GBP&minPrice=100&pageSize=100')).ids).toEqual([]);
    expect((await search('currency=EUR&minPrice=100&maxPrice=150&pageSize=100')).ids).toEqual([lisbon]);
  });
});

describe('the rates job', () => {
  it('tries a failed read again soon, and then searches convert as usual', async () => {
    let reads = 0;
    const flaky: RatesSource = {
      kind: 'ecb',
      latest: async () => {
        reads++;
        if (reads === 1) throw new RatesFileError('the ECB did not answer');
        return parseEcbDaily(SHIPPED_EUROFXREF_DAILY);
      },
    };
    const stop = startRatesRefresh(
      { db: server.database.db, rates: flaky, clock: () => new Date(), logger: pino({ level: 'silent' }) },
      { firstRetryMs: 50 },
    );
    try {
      await expect.poll(() => reads, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
      await expect
        .poll(async () => (await server.request('/api/rates')).body.data.unitsPerEuro.GBP, { timeout: 5_000 })
        .toBeGreaterThan(0);
    } finally {
      await stop();
    }
    // The listings are normalised now: bounds in pounds compare the stay priced in euros too.
    expect((await search('currency=GBP&minPrice=1&maxPrice=1000&pageSize=100')).ids).toEqual(
      expect.arrayContaining([lisbon, london]),
    );
  });
});
