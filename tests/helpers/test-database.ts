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
import { withAdmin } from './postgres-admin.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or, when TEST_DATABASE_URL is
 * set, a uniquely named PostgreSQL database (at `url`) created for the run and dropped by `dispose`.
 * `migrated: false` leaves it empty (migration tests). Each is a copy of a template the run prepared once
 * (tests/helpers/database-templates.ts), so no file pays for creating and migrating its own; the embedded
 * database a file disposes of is emptied and migrated again for the next file in the same worker.
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
export function openEmbeddedTestDatabase({ migrated = true } = {}) {
  return openEmbeddedDatabase({ loadFrom: embeddedTemplate(migrated) });
}

function embeddedTemplate(migrated: boolean) {
  const { embedded } = inject('databaseTemplates');
  return migrated ? embedded.migrated : embedded.empty;
}

/**
 * Database threads whose test files are done, emptied and migrated again for the next file in this worker.
 * Starting one from the template costs seconds of CPU (the thread, PGlite's WebAssembly, PostgreSQL's start);
 * emptying and migrating a running one, a fraction of a second. Idle ones end with the worker.
 */
const idleThreads: PGliteThread[] = [];

/**
 * A migrated embedded database on an idle thread, else a new one. Each file gets its own Kysely instance, so
 * nothing a file's code kept (per-database caches, a stray query after dispose) reaches the next file.
 */
async function leaseEmbeddedDatabase() {
  const thread = idleThreads.pop() ?? (await PGliteThread.start(undefined, embeddedTemplate(true)));
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

/** Back to what the template holds: the session's state discarded, every schema dropped, the migrations run. */
async function resetToMigrated(handle: EmbeddedDatabaseHandle) {
  await handle.withScriptSession(async (run) => {
    await run('DISCARD ALL');
    const schemas = await run(
      "SELECT nspname AS name FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema'",
    );
    await run(`${schemas.map(({ name }) => `DROP SCHEMA "${String(name)}" CASCADE;`).join(' ')} CREATE SCHEMA public;`);
  });
  await migrate(handle);
}
