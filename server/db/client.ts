import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Kysely } from 'kysely';
import { lockDataDirectory } from './data-dir-lock.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import { PGliteThread } from './pglite-thread.ts';
import type { Database } from './schema.ts';

/** Runs a multi-statement SQL script and returns the rows of its last statement. */
export type ScriptRunner = (script: string) => Promise<Record<string, unknown>[]>;

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  /**
   * Runs `work` with exclusive use of one session that can execute multi-statement SQL scripts and statements
   * that may not run in a transaction (VACUUM, CHECKPOINT: the search benchmark's maintenance). Migrations do not
   * use it: Kysely's Migrator holds its own lock.
   */
  withScriptSession<T>(work: (run: ScriptRunner) => Promise<T>): Promise<T>;
  /**
   * Calls `onNotice` whenever a transaction that ran NOTIFY on `channel` commits (from any process on
   * PostgreSQL; on the embedded database, which only this process opens, from this one). Answers a function
   * that stops listening. Notifications are a hint to act sooner, never the only way work is found.
   */
  listen(channel: string, onNotice: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  url?: string;
  /** Directory for PGlite's files; when absent PGlite keeps everything in memory (tests). */
  dataDir?: string;
  /** A file written by `dumpTo`: PGlite starts as a copy of that database (tests clone a migrated template). */
  loadFrom?: string;
}

/** The embedded database's handle, which can also write itself out as a file to start copies from. */
export interface EmbeddedDatabaseHandle extends DatabaseHandle {
  kind: 'pglite';
  dumpTo(file: string): Promise<void>;
}

/** The database the configuration names: PostgreSQL at DATABASE_URL, else PGlite under DATA_DIR. */
export function openConfiguredDatabase(config: { databaseUrl: string | undefined; dataDir: string }) {
  return openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'pglite') },
  );
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (!options.url) return openEmbeddedDatabase(options);
  // Loaded only for PostgreSQL: the driver is not needed on the embedded database, and loading it would delay a
  // warm start.
  const { openPostgres } = await import('./postgres-database.ts');
  return openPostgres(options.url);
}

export async function openEmbeddedDatabase({
  dataDir,
  loadFrom,
}: Omit<DatabaseOptions, 'url'>): Promise<EmbeddedDatabaseHandle> {
  if (!dataDir) return embeddedDatabaseOn(await PGliteThread.start(undefined, loadFrom));
  mkdirSync(dataDir, { recursive: true });
  const unlock = lockDataDirectory(dataDir);
  try {
    return embeddedDatabaseOn(await PGliteThread.start(dataDir, loadFrom), unlock);
  } catch (error) {
    unlock();
    throw error;
  }
}

/**
 * A handle on the embedded database running in `pglite`'s thread; closing it also stops the thread and then
 * runs `release` (the data directory's lock).
 */
export function embeddedDatabaseOn(pglite: PGliteThread, release = () => {}): EmbeddedDatabaseHandle {
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    kind: 'pglite',
    // Kysely's driver serialises access to the single PGlite session; borrowing it keeps scripts in that queue.
    withScriptSession: (work) => db.connection().execute(() => work((script) => pglite.script(script))),
    // In the queue too: a LISTEN sent inside another caller's transaction would be undone by its rollback.
    listen: async (channel, onNotice) => {
      const unlisten = await db.connection().execute(() => pglite.listen(channel, onNotice));
      return async () => unlisten();
    },
    // Waits its turn like any query, so a dump never lands in the middle of a transaction.
    dumpTo: (file) => db.connection().execute(() => pglite.dumpTo(file)),
    close: async () => {
      await db.destroy();
      await pglite.close();
      release();
    },
  };
}
