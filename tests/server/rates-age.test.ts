import type { Logger } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { startRatesRefresh } from '../../server/rates/jobs.ts';
import { workingDaysSince } from '../../server/rates/rates-age.ts';
import { startTestServer } from '../helpers/test-server.ts';

describe('how old the exchange rates are', () => {
  it('counts working days, so Friday’s rates are current until Tuesday', () => {
    // 2026-11-27 is a Friday.
    expect(workingDaysSince('2026-11-27', new Date('2026-11-27T18:00:00Z'))).toBe(0);
    expect(workingDaysSince('2026-11-27', new Date('2026-11-29T12:00:00Z'))).toBe(0);
    expect(workingDaysSince('2026-11-27', new Date('2026-11-30T09:00:00Z'))).toBe(1);
    expect(workingDaysSince('2026-11-27', new Date('2026-12-01T09:00:00Z'))).toBe(2);
    expect(workingDaysSince('2026-11-27', new Date('2026-12-02T09:00:00Z'))).toBe(3);
  });

  it('says on /api/health when the stored rates are older than two working days, and stays ready', async () => {
    const now = new Date('2026-11-29T12:00:00Z'); // a Sunday
    const server = await startTestServer({ clock: () => now });
    try {
      await server.database.db.deleteFrom('exchange_rates').execute();
      const none = await server.request('/api/health');
      expect(none.status).toBe(200);
      expect(none.body.data.rates).toEqual({ date: null, stale: true });

      const friday = '2026-11-27';
      const old = '2025-11-21';
      const row = (date: string) => ({ currency: 'USD', units_per_euro: 1.15, rate_date: date, updated_at: now });
      await server.database.db.insertInto('exchange_rates').values(row(old)).execute();
      expect((await server.request('/api/health')).body.data.rates).toEqual({ date: old, stale: true });
      await server.database.db.updateTable('exchange_rates').set({ rate_date: friday }).execute();
      expect((await server.request('/api/health')).body.data.rates).toEqual({ date: friday, stale: false });
    } finally {
      await server.close();
    }
  });

  it('has the rates job warn in its log when the rates it read are old, and not when they are current', async () => {
    const now = new Date('2026-11-29T12:00:00Z');
    const server = await startTestServer({ clock: () => now });
    const run = async (date: string) => {
      const warn = vi.fn();
      const logger = { info: vi.fn(), warn, error: vi.fn() } as unknown as Logger;
      const rates = { kind: 'ecb' as const, latest: async () => ({ date, unitsPerEuro: new Map([['USD', 1.15]]) }) };
      const stop = startRatesRefresh({ db: server.database.db, rates, clock: () => now, logger });
      await vi.waitFor(() => expect(logger.info).toHaveBeenCalled());
      await stop();
      return warn;
    };
    try {
      expect(await run('2026-11-27')).not.toHaveBeenCalled();
      await server.database.db.deleteFrom('exchange_rates').execute();
      expect(await run('2025-11-21')).toHaveBeenCalledWith(
        { date: '2025-11-21', source: 'ecb' },
        'exchange rates are older than two working days: estimates and filters use them as they are',
      );
    } finally {
      await server.close();
    }
  });
});
