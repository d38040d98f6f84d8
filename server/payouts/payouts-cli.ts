import { loadProcessConfig } from '../config.ts';
import { openConfiguredDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { listSellerDebts, sellerDebtLines } from './seller-debts.ts';

const USAGE = 'usage: npm run payouts -- debts';

/** The operator's view of payouts: `debts` lists the reversals the provider refused (what sellers owe back). */
async function run([command, ...rest]: string[]) {
  if (command !== 'debts' || rest.length) throw new Error(USAGE);
  const database = await openConfiguredDatabase(loadProcessConfig());
  try {
    await migrate(database);
    for (const line of sellerDebtLines(await listSellerDebts(database.db))) console.log(line);
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
