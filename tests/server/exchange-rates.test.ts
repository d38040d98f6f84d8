import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEcbDaily, RatesFileError } from '../../server/rates/ecb-xml.ts';
import { refreshRates } from '../../server/rates/refresh-rates.ts';
import type { RatesSource } from '../../server/rates/rates-source.ts';
import { SHIPPED_EUROFXREF_DAILY } from '../../server/standins/ecb/eurofxref-daily.ts';
import { insertListing, insertProfile } from '../helpers/factories.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/** A daily file in the ECB's wire format, as it publishes it. */
const ecbFile = (date: string, rates: Record<string, number>) => `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
\t<gesmes:subject>Reference rates</gesmes:subject>
\t<gesmes:Sender>
\t\t<gesmes:name>European Central Bank</gesmes:name>
\t</gesmes:Sender>
\t<Cube>
\t\t<Cube time='${date}'>
${Object.entries(rates)
  .map(([currency, rate]) => `\t\t\t<Cube currency='${currency}' rate='${rate}'/>`)
  .join('\n')}
\t\t</Cube>
\t</Cube>
</gesmes:Envelope>`;

/** A rates source answering the given file, read by the real parser. */
const sourceOf = (xml: string): RatesSource => ({ kind: 'ecb', latest: async () => parseEcbDaily(xml) });

describe('the ECB daily file', () => {
  it('reads the day and each rate, units per euro, with the euro as 1', () => {
    const rates = parseEcbDaily(ecbFile('2026-11-25', { USD: 1.1531, JPY: 181.41, CZK: 24.195 }));
    expect(rates.date).toBe('2026-11-25');
    expect(Object.fromEntries(rates.unitsPerEuro)).toEqual({ EUR: 1, USD: 1.1531, JPY: 181.41, CZK: 24.195 });
  });

  it('reads double-quoted attributes and self-closing tags with a space', () => {
    const xml = `<Cube><Cube time="2026-11-25"><Cube currency="USD" rate="1.1" /></Cube></Cube>`;
    expect(parseEcbDaily(xml).unitsPerEuro.get('USD')).toBe(1.1);
  });

  it.each([
    ['no day', `<Cube><Cube currency='USD' rate='1.1'/></Cube>`],
    ['two days', ecbFile('2026-11-25', { USD: 1.1 }) + `<Cube time='2026-11-24'>`],
    ['no rates', ecbFile('2026-11-25', {})],
    ['a zero rate', ecbFile('2026-11-25', { USD: 0 })],
    ['an HTML error page', '<html><body>Service unavailable</body></html>'],
  ])('refuses a file with %s', (_case, xml) => {
    expect(() => parseEcbDaily(xml)).toThrow(RatesFileError);
  });

  it('reads the stand-in’s shipped file: the ECB’s currencies, a day, positive rates', () => {
    const rates = parseEcbDaily(SHIPPED_EUROFXREF_DAILY);
    expect(rates.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const code of ['USD', 'JPY', 'CZK', 'GBP', 'CHF', 'AUD', 'MXN'])
      expect(rates.unitsPerEuro.get(code)).toBeGreaterThan(0);
  });
});

describe('exchange rates in the product', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('the stand-in serves the ECB’s file on its path, and the real adapter reads it into GET /api/rates', async () => {
    const file = await fetch(`${server.url}/ecb-standin/stats/eurofxref/eurofxref-daily.xml`);
    expect(file.headers.get('content-type')).toMatch(/^text\/xml/);
    expect(await file.text()).toBe(SHIPPED_EUROFXREF_DAILY);
    expect(server.adapters.rates.kind).toBe('stand-in');
    const shipped = parseEcbDaily(SHIPPED_EUROFXREF_DAILY);
    const { status, body } = await server.request('/api/rates');
    expect(status).toBe(200);
    expect(body.data).toEqual({ date: shipped.date, unitsPerEuro: Object.fromEntries(shipped.unitsPerEuro) });
  });

  it('the job stores the day’s rates and writes every listing’s normalised price again, once', async () => {
    const { db } = server.database;
    const seller = await insertProfile(db);
    const id = await insertListing(db, seller, { price_cents: 30_000, currency: 'CZK' });
    const eurCents = async () =>
      (await db.selectFrom('listings').select('price_eur_cents').where('id', '=', id).executeTakeFirstOrThrow())
        .price_eur_cents;
    // Created: the trigger normalised it at the stored (shipped) rate.
    expect(await eurCents()).toBeCloseTo(30_000 / 24.195, 9);

    const later = sourceOf(ecbFile('2099-01-02', { USD: 1.2, CZK: 25 }));
    const first = await refreshRates(db, later, new Date());
    expect(first).toMatchObject({ date: '2099-01-02', changed: 3 }); // EUR's day, USD and CZK
    expect(first.listings).toBeGreaterThanOrEqual(1);
    expect(await eurCents()).toBe(30_000 / 25);
    // Run again with the same file: nothing changes.
    expect(await refreshRates(db, later, new Date())).toEqual({ date: '2099-01-02', changed: 0, listings: 0 });
    // An older file (a stale copy) never replaces newer rates.
    await refreshRates(db, sourceOf(ecbFile('2099-01-01', { USD: 2, CZK: 50 })), new Date());
    expect(await eurCents()).toBe(30_000 / 25);

    // A price change is normalised at once, by the database, whoever writes it.
    await db.updateTable('listings').set({ price_cents: 25_000 }).where('id', '=', id).execute();
    expect(await eurCents()).toBe(25_000 / 25);
  });

  it('answers a currency without a rate with a clear 400 on its parameter', async () => {
    const { status, body } = await server.request('/api/listings?currency=XXX&maxPrice=100');
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(JSON.stringify(body.details)).toContain('currency');
  });
});
