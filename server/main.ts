import { ConfigError, loadProcessConfig } from './config.ts';
import { openConfiguredDatabase } from './db/client.ts';
import { createLogger } from './logger.ts';

async function main() {
  const config = loadProcessConfig();
  const logger = createLogger(config);
  // The embedded database starts in a thread of its own (most of a warm start); the server's modules load on
  // this one meanwhile, instead of before it.
  const [database, { serve }] = await Promise.all([openConfiguredDatabase(config), import('./serve.ts')]);
  await serve(config, logger, database);
}

main().catch((error: unknown) => {
  // Start-up failures are configuration or connectivity problems: say which, plainly, and stop.
  const message = error instanceof ConfigError || error instanceof Error ? error.message : String(error);
  console.error(`Restay could not start.\n${message}`);
  process.exit(1);
});
