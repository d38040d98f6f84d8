import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { openDatabase, openEmbeddedDatabase, type DatabaseHandle } from '../../server/db/client.ts';
import { withAdmin } from './postgres-admin.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or, when TEST_DATABASE_URL is
 * set, a uniquely named PostgreSQL database (at `url`) created for the run and dropped by `dispose`.
 * `migrated: false` leaves it empty (migration tests). Each is a copy of a template the run prepared once
 * (tests/helpers/database-templates.ts), so no file pays for creating and migrating its own.
 */
export async function createTestDatabase({ migrated = true } = {}): Promise<
  DatabaseHandle & { url: string | undefined; dispose(): Promise<void> }
> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
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
  const { embedded } = inject('databaseTemplates');
  return openEmbeddedDatabase({ loadFrom: migrated ? embedded.migrated : embedded.empty });
}
