import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
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

export default function provideDatabaseTemplates(project: TestProject) {
  return provide(project, { background: false });
}

/**
 * As the default, but the run's tests start while the embedded templates are made (seconds of initdb and
 * migrations on a fresh checkout, during which no test could run): each file waits for them where it first
 * needs a database (`embeddedTemplatesReady`). Made in the foreground still when TEST_DATABASE_URL names a
 * server, whose template's name only the preparation knows.
 */
export function provideDatabaseTemplatesInBackground(project: TestProject) {
  return provide(project, { background: true });
}

async function provide(project: TestProject, { background }: { background: boolean }) {
  // The embedded dumps are kept between runs, named after what they are made of (PGlite and the migrations).
  const directory = path.join(CACHE, templateKey());
  const embedded = {
    empty: path.join(directory, 'empty.tar'),
    migrated: path.join(directory, 'migrated.tar'),
    migratedDataDir: path.join(directory, 'migrated-data-dir'),
  };
  const cached = existsSync(embedded.migratedDataDir);
  if (cached) utimesSync(directory, new Date(), new Date());
  const adminUrl = process.env.TEST_DATABASE_URL;
  let templates: DatabaseTemplates = { embedded };
  if (!cached || adminUrl) {
    const preparing = prepare(directory);
    if (background && !adminUrl) void preparing.catch(() => undefined);
    else templates = await preparing;
  }
  project.provide('databaseTemplates', templates);
  return async () => {
    // A preparation still under way ends before the run does, and its failure is the run's.
    if (!cached) await prepare(directory);
    if (adminUrl && templates.postgres) {
      await withAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${templates.postgres} WITH (FORCE)`));
    }
  };
}

const PREPARATIONS = Symbol.for('restay.databaseTemplatePreparations');
/**
 * One preparation per directory in this process, however many projects ask (the server and system projects
 * share the templates), kept on globalThis: vitest loads a global set-up file once per project.
 */
const preparations = ((globalThis as { [PREPARATIONS]?: Map<string, Promise<DatabaseTemplates>> })[PREPARATIONS] ??=
  new Map());

function prepare(directory: string): Promise<DatabaseTemplates> {
  let preparing = preparations.get(directory);
  if (!preparing) {
    removeUnusedTemplates();
    mkdirSync(directory, { recursive: true });
    rmSync(failureMarker(directory), { force: true });
    // In its own Node process: vitest's module runner cannot start the database's worker thread (which needs
    // import.meta.resolve to register tsx there), while tsx in a plain process can.
    const script = path.join(import.meta.dirname, 'prepare-database-templates.ts');
    preparing = promisify(execFile)(process.execPath, ['--import', 'tsx', script, directory]).then(
      ({ stdout }) => JSON.parse(stdout) as DatabaseTemplates,
      (error: unknown) => {
        // Test files waiting for the templates stop waiting, with the reason.
        writeFileSync(failureMarker(directory), String(error));
        throw error;
      },
    );
    preparations.set(directory, preparing);
  }
  return preparing;
}

const failureMarker = (directory: string) => path.join(directory, 'failed');

/**
 * Waits until the run's embedded templates are made: at once when they were, else until the preparation renames
 * the data directory into place (its last step, so everything else is written).
 */
export async function embeddedTemplatesReady(embedded: DatabaseTemplates['embedded']): Promise<void> {
  const failed = failureMarker(path.dirname(embedded.migratedDataDir));
  const deadline = Date.now() + 5 * 60_000;
  while (!existsSync(embedded.migratedDataDir)) {
    if (existsSync(failed)) throw new Error(`The test databases could not be made: ${readFileSync(failed, 'utf8')}`);
    if (Date.now() > deadline) throw new Error('The test databases were not made within 5 minutes');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
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
