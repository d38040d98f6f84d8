import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { PublicConfig } from '../../contract/config.ts';
import { ratesReplySchema } from '../../contract/rates.ts';
import { checkedForPage, spaPage } from '../../server/seo/spa-page.ts';

describe('what a page carries, its script reads without the schemas: the server checks it first', () => {
  const logged: { reply?: string; msg?: string }[] = [];
  const logger = pino({ level: 'error' }, { write: (line: string) => void logged.push(JSON.parse(line)) });

  it('a reply within the contract is carried as its schema reads it', () => {
    const reply = { success: true, data: { date: '2026-12-01', unitsPerEuro: { EUR: 1, CZK: 24.3 } }, extra: 1 };
    expect(checkedForPage(ratesReplySchema, reply, 'rates', logger)).toEqual({
      success: true,
      data: { date: '2026-12-01', unitsPerEuro: { EUR: 1, CZK: 24.3 } },
    });
    expect(logged).toEqual([]);
  });

  it('one outside it is left out, for the script to ask the API, and logged as the server’s fault', () => {
    const reply = { success: true, data: { date: '2026-12-01', unitsPerEuro: { EUR: 0 } } };
    expect(checkedForPage(ratesReplySchema, reply, 'rates', logger)).toBeUndefined();
    expect(logged).toMatchObject([{ reply: 'rates', msg: 'a reply the page would carry breaks the contract' }]);
  });

  it('a public configuration outside it stops the server from serving pages at all', () => {
    const publicConfig = { supabaseUrl: 'x' } as unknown as PublicConfig;
    expect(() => spaPage({ publicConfig } as Parameters<typeof spaPage>[0])).toThrow();
  });
});
