import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client.ts';
import { migrate } from '../../server/db/migrate.ts';
import { idempotencyKeys } from '../../server/standins/stripe/idempotency.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

// Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
const SHIPPED_DIR = fileURLToPath(new URL('../../server/db/migrations/', import.meta.url));
const SHIPPED = readdirSync(SHIPPED_DIR)
  .filter((name) => name.endsWith('.sql'))
  .sort();

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function emptyDatabase() {
  const database = await createTestDatabase({ migrated: false });
  cleanups.push(() => database.dispose());
  return database;
}

/** A migrations folder holding the given files. */
function folder(files: Record<string, string>) {
  const directory = mkdtempSync(path.join(tmpdir(), 'restay-migrations-'));
  cleanups.push(() => rmSync(directory, { recursive: true, force: true }));
  for (const [name, script] of Object.entries(files)) writeFileSync(path.join(directory, name), script);
  return directory;
}

type Handle = Awaited<ReturnType<typeof emptyDatabase>>;
/** The names Kysely's Migrator has recorded as run. */
const recorded = async (handle: Handle) =>
  (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(handle.db)).rows.map(
    (row) => row.name,
  );
const tableExists = async (handle: Handle, name: string) =>
  (await sql<{ present: boolean }>`select to_regclass(${sql.lit(name)}) is not null as present`.execute(handle.db))
    .rows[0]!.present;

/** What the runner before Kysely's Migrator did: each file in a transaction with its row in schema_migrations. */
async function migrateTheOldWay(handle: Handle, files: string[]) {
  await handle.withScriptSession(async (run) => {
    await run('CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    for (const name of files) {
      const script = readFileSync(path.join(SHIPPED_DIR, name), 'utf8');
      await run(`BEGIN;\n${script}\n;INSERT INTO schema_migrations (name) VALUES ('${name}');\nCOMMIT;`);
    }
  });
}

describe('migrate', () => {
  it('applies every shipped file in name order once, and nothing on the next start', async () => {
    const database = await emptyDatabase();
    expect(await migrate(database)).toEqual(SHIPPED);
    expect(await migrate(database)).toEqual([]);
    expect(await recorded(database)).toEqual(SHIPPED);
  });

  it('takes over a database migrated by the first runner without applying anything twice', async () => {
    const database = await emptyDatabase();
    await migrateTheOldWay(database, SHIPPED.slice(0, -1));
    // Running 0001 again would fail: its tables exist. Only the file the old runner never saw runs.
    expect(await migrate(database)).toEqual(SHIPPED.slice(-1));
    expect(await recorded(database)).toEqual(SHIPPED);
    expect(await migrate(database)).toEqual([]);
  });

  it('runs multi-statement scripts, dollar-quoted function bodies included, and later files merged out of order', async () => {
    const database = await emptyDatabase();
    const directory = folder({
      '0001_first.sql': `create table notes (id int primary key, body text);
        create function shout(t text) returns text language plpgsql as $$ begin return upper(t) || '!'; end; $$;
        insert into notes values (1, shout('hi'));`,
      '0010_later.sql': `alter table notes add column seen boolean not null default false;`,
    });
    expect(await migrate(database, directory)).toEqual(['0001_first.sql', '0010_later.sql']);
    writeFileSync(path.join(directory, '0008_merged_late.sql'), `insert into notes (id, body) values (8, 'eight');`);
    expect(await migrate(database, directory)).toEqual(['0008_merged_late.sql']);
    const { rows } = await sql`select id, body, seen from notes order by id`.execute(database.db);
    expect(rows).toEqual([
      { id: 1, body: 'HI!', seen: false },
      { id: 8, body: 'eight', seen: false },
    ]);
  });

  it('leaves no trace of a run whose migration fails, and names the file', async () => {
    const database = await emptyDatabase();
    const directory = folder({
      '0001_fine.sql': 'create table fine (id int);',
      '0002_broken.sql': 'create table half (id int); select 1 / 0;',
    });
    await expect(migrate(database, directory)).rejects.toThrow(/^Migration 0002_broken\.sql failed: division by zero/);
    expect(await tableExists(database, 'fine')).toBe(false);
    expect(await tableExists(database, 'half')).toBe(false);
    expect(await recorded(database)).toEqual([]);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('lets two instances starting together take turns on PostgreSQL', async () => {
    const database = await emptyDatabase();
    const other = await openDatabase({ url: database.url });
    cleanups.push(() => other.close());
    const [first, second] = await Promise.all([migrate(database), migrate(other)]);
    expect([first, second].sort((a, b) => b.length - a.length)).toEqual([SHIPPED, []]);
    expect(await recorded(database)).toEqual(SHIPPED);
  });
});

describe('the data a migration mends', () => {
  it('0052 removes the test checkout’s idempotency keys left without an answer, so a retry with the key runs instead of hearing "in progress"', async () => {
    const legacy = await emptyDatabase();
    const before = folder(
      Object.fromEntries(
        SHIPPED.filter((name) => name < '0052').map((name) => [
          name,
          readFileSync(path.join(SHIPPED_DIR, name), 'utf8'),
        ]),
      ),
    );
    await migrate(legacy, before);
    // What a crash mid-request left behind then: the claim, with no answer; and a key answered normally.
    await sql`
      INSERT INTO stripe_standin_idempotency_keys (key, request_fingerprint, response_status, response_body, created_at)
      VALUES ('cut-short', 'f', NULL, NULL, now()), ('answered', 'f', 200, '{}', now())`.execute(legacy.db);
    // 0052 is the first migration the legacy database lacks; later ones apply after it.
    expect((await migrate(legacy))[0]).toBe('0052_standin_idempotency_answered.sql');
    const kept = await legacy.db.selectFrom('stripe_standin_idempotency_keys').select('key').execute();
    expect(kept.map((row) => row.key)).toEqual(['answered']);
    const now = new Date('2031-03-01T10:00:00Z');
    const request = ['POST', '/accounts', { email: 'seller@example.com' }];
    const retried = await idempotencyKeys(legacy.db).run('cut-short', request, now, async () => ({
      status: 200,
      body: { done: true },
    }));
    expect(retried).toEqual({ status: 200, body: { done: true } });
  });
});
