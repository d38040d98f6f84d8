import { systemClock } from '../clock.ts';
import { loadProcessConfig } from '../config.ts';
import { openConfiguredDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { runOrdersCommand } from './orders-command.ts';

/** The operator's commands on orders (see orders-command.ts); the work runs on the server's job worker. */
async function run(argv: string[]) {
  const database = await openConfiguredDatabase(loadProcessConfig());
  try {
    await migrate(database);
    for (const line of await runOrdersCommand(argv, { db: database.db, clock: systemClock })) console.log(line);
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
