import { randomBytes } from 'node:crypto';
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

/** The template's dump, once the run has made it (on a fresh checkout, while the first test files run). */
async function embeddedTemplate(migrated: boolean) {
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
        await resetToMigrated(resetter);
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

/**
 * Everything the migrations define in the public schema (tables, columns, defaults, constraints, indexes,
 * triggers, functions), as one hash: when a file left it as the migrations made it, emptying the tables is
 * enough to start the next file from the template.
 */
const SCHEMA_FINGERPRINT = `SELECT md5(string_agg(item, E'\\n' ORDER BY item)) AS hash FROM (
  SELECT format('%s %s', c.relname, c.relkind) AS item FROM pg_class c
    WHERE c.relnamespace = 'public'::regnamespace
  UNION ALL SELECT format('%s.%s %s %s %s', c.relname, a.attname, format_type(a.atttypid, a.atttypmod),
      a.attnotnull, pg_get_expr(d.adbin, d.adrelid))
    FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
    LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
    WHERE c.relnamespace = 'public'::regnamespace AND a.attnum > 0 AND NOT a.attisdropped
  UNION ALL SELECT format('%s %s', conname, pg_get_constraintdef(oid)) FROM pg_constraint
    WHERE connamespace = 'public'::regnamespace
  UNION ALL SELECT indexdef FROM pg_indexes WHERE schemaname = 'public'
  UNION ALL SELECT format('%s %s %s', t.tgname, t.tgenabled, t.tgfoid::regproc) FROM pg_trigger t
    JOIN pg_class c ON c.oid = t.tgrelid WHERE c.relnamespace = 'public'::regnamespace AND NOT t.tgisinternal
  UNION ALL SELECT format('%s %s', p.oid::regprocedure, md5(p.prosrc)) FROM pg_proc p
    WHERE p.pronamespace = 'public'::regnamespace
) AS items`;

/** The fingerprint of the migrated template, taken once per worker on the first database it starts. */
let migratedFingerprint: string | undefined;

async function startFromTemplate() {
  const thread = await PGliteThread.start(undefined, await embeddedTemplate(true));
  if (migratedFingerprint === undefined) {
    const fresh = embeddedDatabaseOn(thread);
    const [fingerprint] = await fresh.withScriptSession((run) => run(SCHEMA_FINGERPRINT));
    await fresh.db.destroy();
    migratedFingerprint = String(fingerprint!.hash);
  }
  return thread;
}

/**
 * Back to what the template holds. When the file left the schema as the migrations made it (nearly always),
 * every table is emptied and its identity counters restarted; the migrated template holds no rows but the
 * migrations' own. Otherwise, every schema is dropped and the migrations run again.
 */
async function resetToMigrated(handle: EmbeddedDatabaseHandle) {
  const emptied = await handle.withScriptSession(async (run) => {
    await run('DISCARD ALL');
    const [current] = await run(SCHEMA_FINGERPRINT);
    if (current?.hash !== migratedFingerprint) return false;
    const [tables] = await run(
      `SELECT string_agg(format('%I', tablename), ', ') AS list FROM pg_tables WHERE schemaname = 'public' AND tablename NOT IN ${MIGRATION_TABLES}`,
    );
    await run(`TRUNCATE ${String(tables!.list)} RESTART IDENTITY CASCADE`);
    return true;
  });
  if (emptied) return;
  await handle.withScriptSession(async (run) => {
    const schemas = await run(
      "SELECT nspname AS name FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema'",
    );
    await run(`${schemas.map(({ name }) => `DROP SCHEMA "${String(name)}" CASCADE;`).join(' ')} CREATE SCHEMA public;`);
  });
  await migrate(handle);
}
