import { ConfigError, loadProcessConfig } from './config.ts';
import { startConfiguredDatabase } from './db/client.ts';
import type { PreparedPGliteThread } from './db/pglite-thread.ts';
import { createLogger } from './logger.ts';

/**
 * Reads the configuration, starts the database and serves. `databaseThread`, started by main.ts before this
 * module loaded, opens the embedded database (or is discarded on PostgreSQL).
 */
export async function startServer(databaseThread: PreparedPGliteThread | undefined) {
  try {
    const config = loadProcessConfig();
    const logger = createLogger(config);
    // The embedded database opens in its thread (most of a warm start); the server's modules load and its app is
    // built on this one meanwhile, instead of before it.
    const [starting, { serve }] = await Promise.all([
      startConfiguredDatabase(config, databaseThread),
      import('./serve.ts'),
    ]);
    await serve(config, logger, starting);
  } catch (error) {
    // Start-up failures are configuration or connectivity problems: say which, plainly, and stop.
    const message = error instanceof ConfigError || error instanceof Error ? error.message : String(error);
    console.error(`Restay could not start.\n${message}`);
    process.exit(1);
  }
}
