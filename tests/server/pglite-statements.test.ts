import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PREPARED_STATEMENTS } from '../../server/db/pglite-statements.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

// The embedded database's own driver (its queries run as named prepared statements); PostgreSQL has its own.
// Tables made here are temporary: the reset after the file drops them without migrating again.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) database = await createTestDatabase();
});
afterAll(() => database?.dispose());

const keptStatements = async () =>
  Number((await sql<{ n: string }>`select count(*) as n from pg_prepared_statements`.execute(database.db)).rows[0]!.n);

describe.skipIf(process.env.TEST_DATABASE_URL)('queries on the embedded database', () => {
  it('write and read every kind of value as PGlite does, nulls included', async () => {
    const when = new Date('2031-05-06T07:08:09.123Z');
    const { rows } = await sql<Record<string, unknown>>`select
        ${'b0000000-0000-4000-8000-000000000001'}::uuid as id, ${when}::timestamptz as at,
        ${JSON.stringify({ a: [1, 'two'] })}::jsonb as doc, ${12345678901}::bigint as big,
        ${'12.50'}::numeric as amount, ${[1, 2, 3]}::integer[] as list, ${true}::boolean as yes,
        ${null}::text as nothing, ${'It’s "quoted"'}::text as words`.execute(database.db);
    expect(rows).toEqual([
      {
        id: 'b0000000-0000-4000-8000-000000000001',
        at: when,
        doc: { a: [1, 'two'] },
        big: 12345678901,
        amount: '12.50',
        list: [1, 2, 3],
        yes: true,
        nothing: null,
        words: 'It’s "quoted"',
      },
    ]);
  });

  it('parse a text once however often it runs, and keep at most a bounded number of texts', async () => {
    // The counting query has no parameters, so it runs as a plain script and is never kept itself.
    const before = await keptStatements();
    for (let run = 0; run < 3; run++) await sql`select ${run}::integer + 1 as next`.execute(database.db);
    expect(await keptStatements()).toBe(before + 1);
    // A text is kept from its second run on.
    for (let text = 0; text <= MAX_PREPARED_STATEMENTS; text++)
      for (let run = 0; run < 2; run++)
        await sql`select ${text}::integer as ${sql.ref(`n${text}`)}`.execute(database.db);
    expect(await keptStatements()).toBe(MAX_PREPARED_STATEMENTS);
  });

  it('answer with the SQLSTATE of a failed statement, and go on after it, in and out of a transaction', async () => {
    await sql`create temp table kept_probe (id integer primary key)`.execute(database.db);
    const insert = (id: number) => sql`insert into kept_probe (id) values (${id})`.execute(database.db);
    await insert(1);
    await expect(insert(1)).rejects.toMatchObject({ code: '23505', constraint: 'kept_probe_pkey' });
    await insert(2);
    await expect(
      database.db.transaction().execute(async (trx) => {
        await sql`insert into kept_probe (id) values (${3})`.execute(trx);
        await sql`insert into kept_probe (id) values (${3})`.execute(trx);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const { rows } = await sql<{ id: number }>`select id from kept_probe order by id`.execute(database.db);
    expect(rows).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('read the columns a table has now, after it gained one', async () => {
    await sql`create temp table shape_probe (id integer)`.execute(database.db);
    await sql`insert into shape_probe values (1)`.execute(database.db);
    const all = () => sql`select * from shape_probe where id > ${0}`.execute(database.db);
    expect((await all()).rows).toEqual([{ id: 1 }]);
    expect((await all()).rows).toEqual([{ id: 1 }]);
    await sql`alter table shape_probe add column name text default 'x'`.execute(database.db);
    expect((await all()).rows).toEqual([{ id: 1, name: 'x' }]);
  });

  it('prepare again what a discarded session lost, and keep nothing after a script that may have dropped them', async () => {
    const one = () => sql<{ one: number }>`select ${1}::integer as one`.execute(database.db);
    await one();
    await one();
    await database.withScriptSession((run) => run('DISCARD ALL'));
    expect((await one()).rows).toEqual([{ one: 1 }]);
    expect((await one()).rows).toEqual([{ one: 1 }]);
    // A script that only names the word leaves nothing kept behind that the bound would not know of.
    expect(await keptStatements()).toBe(1);
    await database.withScriptSession((run) => run("select 'deallocate' as word"));
    expect(await keptStatements()).toBe(0);
  });
});
