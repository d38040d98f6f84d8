import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedDatabaseOn, openDatabase, type DatabaseHandle } from '../../server/db/client.ts';
import { PGliteThread } from '../../server/db/pglite-thread.ts';
import { embeddedTemplate, openEmbeddedTestDatabase } from '../helpers/test-database.ts';

// The embedded database runs in a worker thread (server/db/pglite-thread.ts): what crosses the thread boundary
// must arrive as PGlite itself would give it.
describe('PGlite in its worker thread', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openEmbeddedTestDatabase();
  });
  afterAll(() => handle.close());

  it('returns typed rows: timestamps as dates, integers as numbers, arrays as arrays', async () => {
    const { rows } = await sql<{ at: Date; n: number; ids: number[] }>`
      select timestamptz '2026-05-01T12:00:00Z' as at, 42 as n, array[1, 2] as ids`.execute(handle.db);
    expect(rows).toEqual([{ at: new Date('2026-05-01T12:00:00Z'), n: 42, ids: [1, 2] }]);
  });

  it('passes parameters of every kind the query builder sends', async () => {
    const at = new Date('2026-06-02T08:30:00Z');
    const { rows } = await sql<{ at: Date; text: string; n: number; nothing: null }>`
      select ${at}::timestamptz as at, ${'Zürich'}::text as text, ${12.5}::float8 as n, ${null}::text as nothing`.execute(
      handle.db,
    );
    expect(rows).toEqual([{ at, text: 'Zürich', n: 12.5, nothing: null }]);
  });

  it('reports a database error with its SQLSTATE and keeps answering afterwards', async () => {
    const id = '00000000-0000-4000-8000-0000000000aa';
    await handle.db.insertInto('profiles').values({ id, email: 'twice@example.com' }).execute();
    const duplicate = handle.db.insertInto('profiles').values({ id, email: 'twice@example.com' }).execute();
    await expect(duplicate).rejects.toMatchObject({ code: '23505', constraint: 'profiles_pkey' });
    await expect(duplicate).rejects.toThrow(/duplicate key/);
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(handle.db);
    expect(rows).toEqual([{ one: 1 }]);
  });

  it('rolls a failed transaction back as a whole', async () => {
    const id = '00000000-0000-4000-8000-0000000000bb';
    const failing = handle.db.transaction().execute(async (trx) => {
      await trx.insertInto('profiles').values({ id, email: 'rolled-back@example.com' }).execute();
      await sql`select 1 / 0`.execute(trx);
    });
    await expect(failing).rejects.toMatchObject({ code: '22012' });
    const found = await handle.db.selectFrom('profiles').where('id', '=', id).selectAll().execute();
    expect(found).toEqual([]);
  });

  it('runs multi-statement scripts and returns the rows of the last one', async () => {
    const rows = await handle.withScriptSession((run) =>
      run('create temp table t (n int); insert into t values (7); select n from t'),
    );
    expect(rows).toEqual([{ n: 7 }]);
  });

  it('fails to open a data directory that holds no usable database', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'restay-bad-pglite-'));
    writeFileSync(path.join(dataDir, 'PG_VERSION'), '99\n');
    try {
      await expect(openDatabase({ dataDir })).rejects.toThrow(/PGlite/);
      // The directory is given back: another process may open it once it holds a database.
      expect(existsSync(path.join(dataDir, 'restay.lock'))).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('answers queries sent while it is still opening, once it is open (the server builds its app meanwhile)', async () => {
    const { thread, opened } = PGliteThread.prepare().open(undefined, await embeddedTemplate(true));
    const early = embeddedDatabaseOn(thread);
    try {
      let open = false;
      void opened.then(() => (open = true));
      const answered = sql<{ name: string }>`select name from kysely_migration order by name limit 1`.execute(early.db);
      expect(open).toBe(false);
      expect((await answered).rows).toEqual([{ name: '0001_initial.sql' }]);
      expect(open).toBe(true);
    } finally {
      await early.close();
    }
  });

  it('ends a thread prepared but never opened without a database', async () => {
    const prepared = PGliteThread.prepare();
    prepared.discard();
    const { thread, opened } = prepared.open(undefined);
    await expect(opened).rejects.toThrow(/stopped/);
    await expect(thread.query('select 1', [])).rejects.toThrow(/stopped/);
  });

  it('refuses queries once closed', async () => {
    const other = await openEmbeddedTestDatabase();
    await other.close();
    await expect(sql`select 1`.execute(other.db)).rejects.toThrow();
  });
});

describe('PGlite thread and the event loop', () => {
  it('keeps the event loop free while a query runs', async () => {
    const handle = await openEmbeddedTestDatabase();
    try {
      // A timer due in 20 ms must fire on time while the database is busy for 600 ms.
      const started = performance.now();
      const query = sql`select pg_sleep(0.6)`.execute(handle.db);
      const timerDelay = await new Promise<number>((resolve) =>
        setTimeout(() => resolve(performance.now() - started), 20),
      );
      await query;
      expect(performance.now() - started).toBeGreaterThanOrEqual(590);
      expect(timerDelay).toBeLessThan(300);
    } finally {
      await handle.close();
    }
  });
});
