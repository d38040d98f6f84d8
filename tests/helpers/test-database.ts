import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../server/db/client.ts';
import { migrate } from '../../server/db/migrate.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or, when TEST_DATABASE_URL is
 * set, a uniquely named PostgreSQL database (at `url`) created for the run and dropped by `dispose`.
 * `migrated: false` leaves it empty (migration tests).
 */
export async function createTestDatabase({ migrated = true } = {}): Promise<
  DatabaseHandle & { url: string | undefined; dispose(): Promise<void> }
> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const handle = await openDatabase({});
    if (migrated) await migrate(handle);
    return { ...handle, url: undefined, dispose: () => handle.close() };
  }
  const name = `restay_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  if (migrated) await migrate(handle);
  return {
    ...handle,
    url: url.toString(),
    dispose: async () => {
      await handle.close();
      await withAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

async function withAdmin(url: string, work: (client: pg.Client) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}
