import { parseArgs } from 'node:util';
import express from 'express';
import type { Server } from 'node:http';
import { pino } from 'pino';
import { createAdapters } from '../adapters.ts';
import { systemClock } from '../clock.ts';
import { loadProcessConfig } from '../config.ts';
import { openConfiguredDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { createSelfOrigin } from '../http/self-origin.ts';
import { formatLedgerReport } from './report.ts';
import { reconcileLedger } from './reconcile.ts';

/**
 * `npm run ledger:check`: reconciles the ledger with the orders and with the payment provider's own charges,
 * refunds and transfers, prints the balance of each account per currency, and exits 1 naming each difference.
 * With Stripe configured it asks Stripe; in local mode it asks the built-in checkout server, served here on a
 * loopback port from the same database, through the same `stripe` client.
 */
async function run(argv: string[]) {
  // It takes no arguments: one given is a mistake to name (node:util's parseArgs), not to ignore.
  try {
    parseArgs({ args: argv, options: {}, strict: true });
  } catch {
    throw new Error('usage: npm run ledger:check (no arguments)');
  }
  const config = loadProcessConfig();
  const database = await openConfiguredDatabase(config);
  // The same schema the API would bring it to, so a check right after a deploy reads what the API writes.
  await migrate(database);
  const selfOrigin = createSelfOrigin();
  const logger = pino({ level: 'warn' });
  const adapters = await createAdapters({ config, database, logger, clock: systemClock, selfOrigin });
  let standIns: Server | undefined;
  try {
    if (adapters.standIns.router) {
      const app = express().use(adapters.standIns.router);
      standIns = await new Promise<Server>((resolve) => {
        const server = app.listen(0, '127.0.0.1', () => resolve(server));
      });
      selfOrigin.listeningOn(standIns.address());
    }
    const reconciliation = await reconcileLedger(database.db, adapters.payments, systemClock());
    console.log(formatLedgerReport(reconciliation));
    if (reconciliation.differences.length) process.exitCode = 1;
  } finally {
    standIns?.close();
    await database.close();
  }
}

run(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
