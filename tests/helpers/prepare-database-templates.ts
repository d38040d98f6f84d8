/**
 * Prepares the databases test files copy (see database-templates.ts) and prints where they are as JSON:
 * `node --import tsx tests/helpers/prepare-database-templates.ts <directory>`. Embedded dumps already in the
 * directory are kept.
 */
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { embeddedDatabaseOn, openDatabase } from '../../server/db/client.ts';
import { migrate } from '../../server/db/migrate.ts';
import { PGliteThread } from '../../server/db/pglite-thread.ts';
import type { DatabaseTemplates } from './database-templates.ts';
import { withAdmin } from './postgres-admin.ts';

async function prepare(directory: string): Promise<DatabaseTemplates> {
  const embedded = {
    empty: path.join(directory, 'empty.tar'),
    migrated: path.join(directory, 'migrated.tar'),
    migratedDataDir: path.join(directory, 'migrated-data-dir'),
  };
  if (!existsSync(embedded.migratedDataDir)) await dumpEmbedded(embedded);
  return { embedded, postgres: await preparePostgresTemplate(process.env.TEST_DATABASE_URL) };
}

async function dumpEmbedded(embedded: DatabaseTemplates['embedded']) {
  // Made in a data directory, which a test copies for a server process to open, and dumped on the way. Opened
  // without the directory lock `openEmbeddedDatabase` takes: the dumps would carry its lock file.
  const partial = `${embedded.migratedDataDir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  const database = embeddedDatabaseOn(await PGliteThread.start(partial));
  try {
    await database.dumpTo(embedded.empty);
    await migrate(database);
    // Written aside and renamed: a run stopped half-way leaves no truncated template to be reused.
    await database.dumpTo(`${embedded.migrated}.partial`);
    renameSync(`${embedded.migrated}.partial`, embedded.migrated);
  } finally {
    await database.close();
  }
  renameSync(partial, embedded.migratedDataDir);
}

async function preparePostgresTemplate(adminUrl: string | undefined) {
  if (!adminUrl) return undefined;
  const name = `restay_template_${process.pid}_${Date.now()}`;
  await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  try {
    await migrate(database);
  } finally {
    // CREATE DATABASE ... TEMPLATE refuses a template anyone is connected to.
    await database.close();
  }
  return name;
}

const directory = process.argv[2];
if (!directory) throw new Error('usage: prepare-database-templates.ts <directory>');
console.log(JSON.stringify(await prepare(directory)));
