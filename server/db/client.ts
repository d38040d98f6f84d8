import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Kysely } from 'kysely';
import { lockDataDirectory } from './data-dir-lock.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import { PGliteThread, type PreparedPGliteThread } from './pglite-thread.ts';
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

type DatabaseConfig = { databaseUrl: string | undefined; dataDir: string };

/** The database the configuration names: PostgreSQL at DATABASE_URL, else PGlite under DATA_DIR. */
export async function openConfiguredDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  const { database, opened } = await startConfiguredDatabase(config);
  await opened;
  return database;
}

/**
 * The configured database's handle while it may still be opening: the embedded database takes most of a warm
 * start to open in its thread, and the server builds its app meanwhile. Queries sent before `opened` settles wait
 * for it. `opened` rejects, the data directory unlocked, when the database cannot be opened; the caller awaits it
 * once its own work is done, so a rejection before then is not an unhandled one. `prepared`, a thread started
 * before the configuration was read, opens the embedded database, or is discarded on PostgreSQL.
 */
export async function startConfiguredDatabase(
  config: DatabaseConfig,
  prepared?: PreparedPGliteThread,
): Promise<{ database: DatabaseHandle; opened: Promise<void> }> {
  if (config.databaseUrl) {
    prepared?.discard();
    return { database: await openDatabase({ url: config.databaseUrl }), opened: Promise.resolve() };
  }
  const starting = spawnEmbeddedDatabase({ dataDir: path.join(config.dataDir, 'pglite') }, prepared);
  starting.opened.catch(() => undefined);
  return starting;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (!options.url) return openEmbeddedDatabase(options);
  // Loaded only for PostgreSQL: the driver is not needed on the embedded database, and loading it would delay a
  // warm start.
  const { openPostgres } = await import('./postgres-database.ts');
  return openPostgres(options.url);
}

export async function openEmbeddedDatabase(options: Omit<DatabaseOptions, 'url'>): Promise<EmbeddedDatabaseHandle> {
  const { database, opened } = spawnEmbeddedDatabase(options);
  await opened;
  return database;
}

/** The embedded database's handle at once, and when it is open (see startConfiguredDatabase). */
function spawnEmbeddedDatabase({ dataDir, loadFrom }: Omit<DatabaseOptions, 'url'>, prepared?: PreparedPGliteThread) {
  const openIn = (directory: string | undefined) => (prepared ?? PGliteThread.prepare()).open(directory, loadFrom);
  if (!dataDir) {
    const { thread, opened } = openIn(undefined);
    return { database: embeddedDatabaseOn(thread), opened };
  }
  let unlock: () => void;
  try {
    mkdirSync(dataDir, { recursive: true });
    unlock = lockDataDirectory(dataDir);
  } catch (error) {
    prepared?.discard();
    throw error;
  }
  const { thread, opened } = openIn(dataDir);
  return {
    database: embeddedDatabaseOn(thread, unlock),
    opened: opened.catch((error: unknown) => {
      unlock();
      throw error;
    }),
  };
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
