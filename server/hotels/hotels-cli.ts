import { pino } from 'pino';
import { createAdapters } from '../adapters.ts';
import { systemClock } from '../clock.ts';
import { loadProcessConfig } from '../config.ts';
import { openConfiguredDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { createSelfOrigin } from '../http/self-origin.ts';
import { hotelDeps } from './deps.ts';
import { runHotelsCommand } from './hotels-command.ts';

/**
 * The operator's commands on hotels (see hotels-command.ts), with the product's own adapters: the email goes
 * through the configured mail adapter (SMTP, or the dev mailbox at /dev/mailbox).
 */
async function run(argv: string[]) {
  const config = loadProcessConfig();
  const database = await openConfiguredDatabase(config);
  try {
    await migrate(database);
    const logger = pino({ level: 'warn' });
    const clock = systemClock;
    const adapters = await createAdapters({ config, database, logger, clock, selfOrigin: createSelfOrigin() });
    const deps = hotelDeps({ database, clock, adapters, config, logger });
    for (const line of await runHotelsCommand(argv, deps)) console.log(line);
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
