import path from 'node:path';
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
      `import { formatMinorUnits } from '../../../contract/money-format.ts';`,
      `import { STRIPE_API_VERSION } from '../../payments/stripe/stripe-wire.ts';`,
      `import { MEWS_RESERVATION_STATES } from '../../selling/pms/mews-schemas.ts';`,
      `import { newId } from './wire.ts';`,
      `export type T = [Database, Clock];`,
      `export const x = [escapeHtml, formatMinorUnits, STRIPE_API_VERSION, MEWS_RESERVATION_STATES, newId];`,
    ].join('\n');
    expect(await restrictedImports('server/standins/stripe/new-file.ts', `${allowed}\n`)).toEqual([]);
  });
});
