import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The import rules of eslint.config.js, proven on small offending files: each must fail lint with the rule
 * that guards it, and the allowed counterpart must pass, so a rule cannot silently stop matching.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

async function restrictedImports(file: string, source: string): Promise<string[]> {
  const results = await eslint.lintText(source, { filePath: path.join(ROOT, file) });
  return results
    .flatMap((result) => result.messages)
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((m) => m.message);
}

describe('the stand-in wing', () => {
  it('is out of reach of product code', async () => {
    const offending = `import { seedDemoData } from '../standins/demo/seed.ts';\nexport const seed = seedDemoData;\n`;
    expect(await restrictedImports('server/listings/new-file.ts', offending)).toEqual([
      expect.stringContaining('choose and mount stand-ins'),
    ]);
    expect(await restrictedImports('server/main.ts', offending.replace('../standins', './standins'))).toHaveLength(1);
  });

  it('is chosen only by adapters.ts and app.ts', async () => {
    const choosing = `import { seedDemoData } from './standins/demo/seed.ts';\nexport const seed = seedDemoData;\n`;
    expect(await restrictedImports('server/adapters.ts', choosing)).toEqual([]);
    expect(await restrictedImports('server/app.ts', choosing)).toEqual([]);
  });

  it('imports only the database, HTTP helpers, clock, contract and the provider wire', async () => {
    const product = `import { searchListings } from '../../listings/search.ts';\nexport const s = searchListings;\n`;
    expect(await restrictedImports('server/standins/mews/new-file.ts', product)).toEqual([
      expect.stringContaining('A stand-in imports only'),
    ]);
    const realAdapter = `import { createStripePayments } from '../../payments/stripe/stripe-payments.ts';\nexport const c = createStripePayments;\n`;
    expect(await restrictedImports('server/standins/stripe/new-file.ts', realAdapter)).toHaveLength(1);
    const allowed = [
      `import type { Database } from '../../db/schema.ts';`,
      `import { escapeHtml } from '../../http/html.ts';`,
      `import type { Clock } from '../../clock.ts';`,
      `import { formatProviderAmount } from '../../../contract/currencies.ts';`,
      `import { STRIPE_API_VERSION } from '../../payments/stripe/stripe-wire.ts';`,
      `import { MEWS_RESERVATION_STATES } from '../../selling/pms/mews-schemas.ts';`,
      `import { newId } from './wire.ts';`,
      `export type T = [Database, Clock];`,
      `export const x = [escapeHtml, formatProviderAmount, STRIPE_API_VERSION, MEWS_RESERVATION_STATES, newId];`,
    ].join('\n');
    expect(await restrictedImports('server/standins/stripe/new-file.ts', `${allowed}\n`)).toEqual([]);
  });
});

describe('the layers of the API', () => {
  const importing = (from: string) => `import * as lower from '${from}';\nexport const l = lower;\n`;

  it('gives every folder of server/ a place (the stand-in wing has its own rules)', async () => {
    const config: { SERVER_LAYERS: string[][] } = await import(pathToFileURL(path.join(ROOT, 'eslint.config.js')).href);
    const { SERVER_LAYERS } = config;
    const folders = readdirSync(path.join(ROOT, 'server'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== 'standins')
      .map((entry) => entry.name)
      .sort();
    expect(SERVER_LAYERS.flat().sort()).toEqual(folders);
  });

  it('fails a reverse import inside the buying core, and passes the import down', async () => {
    expect(await restrictedImports('server/payments/new-file.ts', importing('../handover/fail-sale.ts'))).toEqual([
      expect.stringContaining('server/payments may not import server/handover'),
    ]);
    expect(await restrictedImports('server/orders/new-file.ts', importing('../payments/deps.ts'))).toEqual([
      expect.stringContaining('server/orders may not import server/payments'),
    ]);
    expect(await restrictedImports('server/ledger/new-file.ts', importing('../payouts/send-payout.ts'))).toEqual([
      expect.stringContaining('server/ledger may not import server/payouts'),
    ]);
    expect(await restrictedImports('server/payments/stripe/new-file.ts', importing('../../payouts/jobs.ts'))).toEqual([
      expect.stringContaining('server/payments may not import server/payouts'),
    ]);
    expect(await restrictedImports('server/payouts/new-file.ts', importing('../payments/deps.ts'))).toEqual([]);
    expect(await restrictedImports('server/handover/new-file.ts', importing('../orders/sale-jobs.ts'))).toEqual([]);
  });

  it('fails a circle between two server folders', async () => {
    // One direction of any circle climbs the layers, whichever two folders it joins.
    const down = await restrictedImports('server/selling/new-file.ts', importing('../listings/queries.ts'));
    const up = await restrictedImports('server/listings/new-file.ts', importing('../selling/pricing.ts'));
    expect(down).toEqual([]);
    expect(up).toEqual([expect.stringContaining('server/listings may not import server/selling')]);
    // Folders of one layer import neither way.
    expect(await restrictedImports('server/alerts/new-file.ts', importing('../seo/routes.ts'))).toHaveLength(1);
    expect(await restrictedImports('server/seo/new-file.ts', importing('../alerts/routes.ts'))).toHaveLength(1);
    // The database imports no domain: the circle through the ledger's types stays open.
    expect(await restrictedImports('server/db/new-file.ts', importing('../ledger/post.ts'))).toHaveLength(1);
  });

  it('keeps the entry points out of reach of the folders they wire', async () => {
    expect(await restrictedImports('server/payments/new-file.ts', importing('../adapters.ts'))).toEqual([
      expect.stringContaining('never imports an entry point'),
    ]);
    expect(await restrictedImports('server/ledger/cli.ts', importing('../adapters.ts'))).toEqual([]);
  });
});
