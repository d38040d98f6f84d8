import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
import { withAdmin } from './postgres-admin.ts';

/**
 * Where test databases are copied from, prepared once (vitest globalSetup of the server project). Creating an
 * embedded cluster (initdb) and migrating it took most of every server test file's set-up; a copy of a ready
 * one starts several times faster (ADR 0020). With TEST_DATABASE_URL, `postgres` names a migrated PostgreSQL
 * database each test file clones with CREATE DATABASE ... TEMPLATE.
 */
export interface DatabaseTemplates {
  /** Dumps (`loadFrom`), and the migrated database as a data directory to copy for a server process. */
  embedded: { empty: string; migrated: string; migratedDataDir: string };
  postgres?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

const ROOT = path.resolve(import.meta.dirname, '../..');
const MIGRATIONS = path.join(ROOT, 'server/db/migrations');
const CACHE = path.join(ROOT, 'node_modules/.cache/restay-test-databases');
const UNUSED_TEMPLATE_MS = 24 * 60 * 60 * 1000;

export default async function provideDatabaseTemplates(project: TestProject) {
  // The embedded dumps are kept between runs, named after what they are made of (PGlite and the migrations).
  const directory = path.join(CACHE, templateKey());
  const cached = existsSync(path.join(directory, 'migrated-data-dir'));
  if (cached) utimesSync(directory, new Date(), new Date());
  else {
    removeUnusedTemplates();
    mkdirSync(directory, { recursive: true });
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  let templates: DatabaseTemplates = {
    embedded: {
      empty: path.join(directory, 'empty.tar'),
      migrated: path.join(directory, 'migrated.tar'),
      migratedDataDir: path.join(directory, 'migrated-data-dir'),
    },
  };
  if (!cached || adminUrl) {
    // In its own Node process: vitest's module runner cannot start the database's worker thread (which needs
    // import.meta.resolve to register tsx there), while tsx in a plain process can.
    const script = path.join(import.meta.dirname, 'prepare-database-templates.ts');
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script, directory]);
    templates = JSON.parse(stdout) as DatabaseTemplates;
  }
  project.provide('databaseTemplates', templates);
  return async () => {
    if (adminUrl && templates.postgres) {
      await withAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${templates.postgres} WITH (FORCE)`));
    }
  };
}

/**
 * Templates of other keys may be in use by a run from another checkout sharing node_modules (a git worktree):
 * only those no run has used for a day go.
 */
function removeUnusedTemplates() {
  if (!existsSync(CACHE)) return;
  for (const name of readdirSync(CACHE)) {
    const directory = path.join(CACHE, name);
    if (Date.now() - statSync(directory).mtimeMs > UNUSED_TEMPLATE_MS)
      rmSync(directory, { recursive: true, force: true });
  }
}

function templateKey(): string {
  const hash = createHash('sha256');
  hash.update(readFileSync(path.join(ROOT, 'node_modules/@electric-sql/pglite/package.json')));
  for (const name of readdirSync(MIGRATIONS).sort())
    hash.update(name).update(readFileSync(path.join(MIGRATIONS, name)));
  // How the database is opened (its extensions) and how the template is made.
  hash.update(readFileSync(path.join(ROOT, 'server/db/pglite-worker.ts')));
  hash.update(readFileSync(path.join(import.meta.dirname, 'prepare-database-templates.ts')));
  return hash.digest('hex').slice(0, 16);
}
