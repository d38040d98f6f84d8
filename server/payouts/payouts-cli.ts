import { systemClock } from '../clock.ts';
import { loadProcessConfig } from '../config.ts';
import { openConfiguredDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { runPayoutsCommand } from './payouts-command.ts';

/** The operator's commands on payouts (see payouts-command.ts): sellers' and hotels' debts, and how each ended. */
async function run(argv: string[]) {
  const database = await openConfiguredDatabase(loadProcessConfig());
  try {
    await migrate(database);
    for (const line of await runPayoutsCommand(argv, { db: database.db, clock: systemClock })) console.log(line);
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
