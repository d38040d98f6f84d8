import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { DatabaseHandle } from './client.ts';
import type { Database } from './schema.ts';

/** SQL migrations ship beside this module (the server build copies them into dist). */
const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

/** Where Kysely's Migrator records the migrations it applied (its default table). */
const MIGRATION_TABLE = 'kysely_migration';

/** Where the runner before Kysely's Migrator recorded the files it applied. */
const FIRST_RUNNER_TABLE = 'schema_migrations';

/**
 * Applies every migration file not yet recorded, in file-name order, with Kysely's Migrator, and returns the
 * names it ran. The Migrator holds a PostgreSQL advisory lock for the whole run, so two instances starting
 * together take turns, and runs all pending files in one transaction: a failing migration leaves no trace.
 * Files merged out of number order (0010 deployed before 0008) still run, as they always did here.
 */
export async function migrate(handle: DatabaseHandle, directory = MIGRATIONS_DIR): Promise<string[]> {
  if (await allRecorded(handle.db, directory)) return [];
  const ran: string[] = [];
  const migrator = new Migrator({
    db: handle.db,
    provider: new SqlFileMigrations(directory, (name) => ran.push(name)),
    allowUnorderedMigrations: true,
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((result) => result.status === 'Error')?.migrationName ?? 'setup';
    throw new Error(`Migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return ran;
}

/**
 * Each `.sql` file is one migration, named by its file name, whose `up` runs the file as one script
 * (`sql.raw` without parameters goes through the simple protocol on both drivers, so several statements are
 * fine). A database migrated by the first runner has those names in `schema_migrations`: they are recorded
 * in Kysely's table without running again.
 */
class SqlFileMigrations implements MigrationProvider {
  constructor(
    private readonly directory: string,
    private readonly onRan: (name: string) => void,
  ) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await readdir(this.directory)).filter((name) => name.endsWith('.sql')).sort();
    let appliedBefore: Promise<Set<string>> | undefined;
    const entries = await Promise.all(
      files.map(async (name): Promise<[string, Migration]> => {
        const script = await readFile(path.join(this.directory, name), 'utf8');
        const up = async (db: Kysely<unknown>) => {
          appliedBefore ??= namesAppliedByFirstRunner(db);
          if ((await appliedBefore).has(name)) return;
          await sql.raw(script).execute(db);
          this.onRan(name);
        };
        return [name, { up }];
      }),
    );
    return Object.fromEntries(entries);
  }
}

/**
 * Whether every file is already recorded as applied: the usual start, answered by one query instead of the
 * Migrator's setup (its tables, its lock, its reads). Anything missing goes through the Migrator, which checks
 * again under its lock.
 */
async function allRecorded(db: Kysely<Database>, directory: string): Promise<boolean> {
  const files = (await readdir(directory)).filter((name) => name.endsWith('.sql'));
  const { rows } = await sql<{
    present: boolean;
  }>`select to_regclass(${sql.lit(MIGRATION_TABLE)}) is not null as present`.execute(db);
  if (!rows[0]?.present) return false;
  const applied = await sql<{ name: string }>`select name from ${sql.table(MIGRATION_TABLE)}`.execute(db);
  const recorded = new Set(applied.rows.map((row) => row.name));
  return files.every((name) => recorded.has(name));
}

async function namesAppliedByFirstRunner(db: Kysely<unknown>): Promise<Set<string>> {
  const { rows } = await sql<{
    present: boolean;
  }>`select to_regclass(${sql.lit(FIRST_RUNNER_TABLE)}) is not null as present`.execute(db);
  if (!rows[0]?.present) return new Set();
  const applied = await sql<{ name: string }>`select name from ${sql.table(FIRST_RUNNER_TABLE)}`.execute(db);
  return new Set(applied.rows.map((row) => row.name));
}
