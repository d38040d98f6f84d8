import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import {
  embeddedDatabaseOn,
  openDatabase,
  openEmbeddedDatabase,
  type DatabaseHandle,
  type EmbeddedDatabaseHandle,
} from '../../server/db/client.ts';
import { migrate } from '../../server/db/migrate.ts';
import { PGliteThread } from '../../server/db/pglite-thread.ts';
import { embeddedTemplatesReady } from './database-templates.ts';
import { withAdmin } from './postgres-admin.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or, when TEST_DATABASE_URL is
 * set, a uniquely named PostgreSQL database (at `url`) created for the run and dropped by `dispose`.
 * `migrated: false` leaves it empty (migration tests). Each is a copy of a template the run prepared once
 * (tests/helpers/database-templates.ts), so no file pays for creating and migrating its own; the embedded
 * database a file disposes of is emptied for the next file in the same worker.
 */
export async function createTestDatabase({ migrated = true } = {}): Promise<
  DatabaseHandle & { url: string | undefined; dispose(): Promise<void> }
> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    if (migrated) return leaseEmbeddedDatabase();
    const handle = await openEmbeddedTestDatabase({ migrated });
    return { ...handle, url: undefined, dispose: () => handle.close() };
  }
  return createScratchPostgresDatabase(adminUrl, migrated ? inject('databaseTemplates').postgres : undefined);
}

/**
 * A uniquely named PostgreSQL database beside `adminUrl` (a copy of `template` when given, else empty), dropped
 * by `dispose`. Outside vitest too (scripts), where the run's templates do not exist.
 */
export async function createScratchPostgresDatabase(
  adminUrl: string,
  template?: string,
): Promise<DatabaseHandle & { url: string; dispose(): Promise<void> }> {
  const name = `restay_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await withAdmin(adminUrl, (client) =>
    client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`),
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  return {
    ...handle,
    url: url.toString(),
    dispose: async () => {
      await handle.close();
      await withAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/**
 * An in-memory PGlite database copied from the run's template, whatever TEST_DATABASE_URL says: for tests of
 * the embedded database itself. Close it when done.
 */
export async function openEmbeddedTestDatabase({ migrated = true } = {}) {
  return openEmbeddedDatabase({ loadFrom: await embeddedTemplate(migrated) });
}

/**
 * A bare cluster in this thread, as `new PGlite()` makes it, copied from the run's empty template: for scripts
 * that are not the server's migrations. Creating one (initdb) takes seconds of CPU; copying, a fraction of that.
 */
export async function openBlankPGlite(): Promise<PGlite> {
  return new PGlite({ loadDataDir: new Blob([readFileSync(await embeddedTemplate(false))]) });
}

/** The template's dump, once the run has made it (on a fresh checkout, while the first test files run). */
export async function embeddedTemplate(migrated: boolean) {
  const { embedded } = inject('databaseTemplates');
  await embeddedTemplatesReady(embedded);
  return migrated ? embedded.migrated : embedded.empty;
}

/**
 * Database threads whose test files are done, emptied for the next file in this worker. Starting one from the
 * template costs seconds of CPU (the thread, PGlite's WebAssembly, PostgreSQL's start); emptying a running one,
 * a fraction of a second. Idle ones end with the worker.
 */
const idleThreads: PGliteThread[] = [];

/**
 * A migrated embedded database on an idle thread, else a new one. Each file gets its own Kysely instance, so
 * nothing a file's code kept (per-database caches, a stray query after dispose) reaches the next file.
 */
async function leaseEmbeddedDatabase() {
  const thread = idleThreads.pop() ?? (await startFromTemplate());
  const handle = embeddedDatabaseOn(thread);
  let disposed = false;
  return {
    ...handle,
    url: undefined,
    dispose: async () => {
      if (disposed) return;
      disposed = true;
      await handle.db.destroy();
      const resetter = embeddedDatabaseOn(thread);
      try {
        await resetToMigrated(thread, resetter);
        await resetter.db.destroy();
        idleThreads.push(thread);
      } catch {
        // A database the test closed or broke is not reused.
        await resetter.close().catch(() => undefined);
      }
    },
  };
}

/** The migrations' own bookkeeping, which stays when the tables are emptied. */
const MIGRATION_TABLES = "('kysely_migration', 'kysely_migration_lock')";
/** Rows past which a table is truncated rather than only deleted from (see EMPTY_TABLES). */
const MANY_ROWS = 1000;

/**
 * The public schema's tables and indexes by id, name and column count, and for its columns, defaults,
 * constraints, triggers and functions how many catalog rows describe them and the newest transaction that
 * wrote one. A file that adds, alters or drops anything there changes this; filling, emptying or truncating
 * tables does not. Reading it takes a few milliseconds; a hash of every definition took a tenth of a second or
 * more per test file. Taken again after each reset, as the reset's own transactions are newer.
 */
const SCHEMA_STATE = `SELECT concat_ws(' ',
  (SELECT md5(string_agg(format('%s %s %s %s', oid, relname, relkind, relnatts), ' ' ORDER BY oid)) FROM pg_class
    WHERE relnamespace = 'public'::regnamespace),
  (SELECT count(*) || ':' || max(a.xmin::text::bigint) FROM pg_attribute a
    JOIN pg_class c ON c.oid = a.attrelid WHERE c.relnamespace = 'public'::regnamespace),
  (SELECT count(*) || ':' || max(d.xmin::text::bigint) FROM pg_attrdef d
    JOIN pg_class c ON c.oid = d.adrelid WHERE c.relnamespace = 'public'::regnamespace),
  (SELECT count(*) || ':' || max(xmin::text::bigint) FROM pg_constraint WHERE connamespace = 'public'::regnamespace),
  (SELECT count(*) || ':' || max(t.xmin::text::bigint) FROM pg_trigger t
    JOIN pg_class c ON c.oid = t.tgrelid WHERE c.relnamespace = 'public'::regnamespace),
  (SELECT count(*) || ':' || max(xmin::text::bigint) FROM pg_proc WHERE pronamespace = 'public'::regnamespace)
) AS state`;

/** Each database thread's schema state when it was last like the template (see SCHEMA_STATE). */
const templateStates = new WeakMap<PGliteThread, string>();

async function schemaState(handle: EmbeddedDatabaseHandle) {
  const [row] = await handle.withScriptSession((run) => run(SCHEMA_STATE));
  return String(row!.state);
}

async function startFromTemplate() {
  const thread = await PGliteThread.start(undefined, await embeddedTemplate(true));
  const fresh = embeddedDatabaseOn(thread);
  templateStates.set(thread, await schemaState(fresh));
  await fresh.db.destroy();
  return thread;
}

/**
 * Empties every table but the migrations' own, and puts each sequence a file used back to its start, as
 * `TRUNCATE ... RESTART IDENTITY` would. TRUNCATE gives each table and index new files, which on PGlite cost
 * a quarter of a second per test file for a few rows; deleting them is a few milliseconds. Triggers (foreign
 * keys) do not fire: every table is emptied. A table a file filled with many rows is
 * truncated after all, so the next file does not scan what it left behind.
 */
const EMPTY_TABLES = `SET session_replication_role = replica;
DO $$
DECLARE
  item record;
  deleted bigint;
BEGIN
  FOR item IN SELECT tablename FROM pg_tables
      WHERE schemaname = 'public' AND tablename NOT IN ${MIGRATION_TABLES} LOOP
    EXECUTE format('DELETE FROM public.%I', item.tablename);
    GET DIAGNOSTICS deleted = ROW_COUNT;
    IF deleted > ${MANY_ROWS} THEN
      EXECUTE format('TRUNCATE public.%I CASCADE', item.tablename);
    END IF;
  END LOOP;
  FOR item IN SELECT sequencename, start_value FROM pg_sequences
      WHERE schemaname = 'public' AND last_value IS NOT NULL LOOP
    PERFORM setval(format('public.%I', item.sequencename), item.start_value, false);
  END LOOP;
END $$;
RESET session_replication_role;`;

/**
 * Back to what the template holds. When the file left the schema as the migrations made it (nearly always),
 * every table is emptied and its identity counters restarted; the migrated template holds no rows but the
 * migrations' own. Otherwise, every schema is dropped and the migrations run again.
 */
async function resetToMigrated(thread: PGliteThread, handle: EmbeddedDatabaseHandle) {
  const emptied = await handle.withScriptSession(async (run) => {
    await run('DISCARD ALL');
    const [current] = await run(SCHEMA_STATE);
    if (current?.state !== templateStates.get(thread)) return false;
    await run(EMPTY_TABLES);
    return true;
  });
  if (!emptied) {
    await handle.withScriptSession(async (run) => {
      const schemas = await run(
        "SELECT nspname AS name FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema'",
      );
      await run(
        `${schemas.map(({ name }) => `DROP SCHEMA "${String(name)}" CASCADE;`).join(' ')} CREATE SCHEMA public;`,
      );
    });
    await migrate(handle);
  }
  templateStates.set(thread, await schemaState(handle));
}
