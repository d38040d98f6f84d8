import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertListing, insertProfile } from '../helpers/factories.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

// On PGlite, a test file's database is the one an earlier file in the worker disposed of, made like the
// template again (on PostgreSQL, each file's database is a new copy of the template).
type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;
const columnsOf = async (database: TestDatabase, table: string) => {
  const query = sql<{
    name: string;
  }>`SELECT column_name AS name FROM information_schema.columns WHERE table_name = ${table}`;
  return (await query.execute(database.db)).rows.map((row) => row.name);
};

const newJob = (key: string) => ({
  kind: 'test',
  key,
  payload: '{}',
  state: 'pending' as const,
  attempts: 0,
  run_at: new Date(),
  created_at: new Date(),
  updated_at: new Date(),
});

/** The next file's database holds no row of `table`, and its first job gets the id the earlier file's first got. */
async function expectEmptiedNext(table: 'listings' | 'jobs', firstJobId: string) {
  const next = await createTestDatabase();
  try {
    expect(await next.db.selectFrom(table).select('id').execute()).toEqual([]);
    const { id } = await next.db.insertInto('jobs').values(newJob('b')).returning('id').executeTakeFirstOrThrow();
    expect(id).toBe(firstJobId);
  } finally {
    await next.dispose();
  }
}

describe('the embedded database a file gets next', () => {
  it('holds none of the rows an earlier file wrote, and counts ids from the start again', async () => {
    const first = await createTestDatabase();
    await insertListing(first.db, await insertProfile(first.db));
    const { id: firstId } = await first.db
      .insertInto('jobs')
      .values(newJob('a'))
      .returning('id')
      .executeTakeFirstOrThrow();
    await first.dispose();
    await expectEmptiedNext('listings', firstId);
  });

  it('holds none of them either when a file wrote thousands to one table', async () => {
    const first = await createTestDatabase();
    const [firstJob] = await first.db
      .insertInto('jobs')
      .values(Array.from({ length: 2_500 }, (_, index) => newJob(`many-${index}`)))
      .returning('id')
      .execute();
    await first.dispose();
    await expectEmptiedNext('jobs', firstJob!.id);
  });

  it('has the migrations’ schema again after a file changed it', async () => {
    const first = await createTestDatabase();
    const columns = await columnsOf(first, 'listings');
    await sql`ALTER TABLE listings ADD COLUMN left_behind text`.execute(first.db);
    await sql`DROP TRIGGER listings_place ON listings`.execute(first.db);
    await sql`CREATE OR REPLACE FUNCTION restay_fold(value text) RETURNS text LANGUAGE sql IMMUTABLE AS $$ SELECT value $$`.execute(
      first.db,
    );
    await first.dispose();

    const next = await createTestDatabase();
    try {
      expect((await columnsOf(next, 'listings')).sort()).toEqual(columns.sort());
      const triggers = await sql<{
        name: string;
      }>`SELECT tgname AS name FROM pg_trigger WHERE tgname = 'listings_place'`.execute(next.db);
      expect(triggers.rows).toHaveLength(1);
      const folded = await sql<{ folded: string }>`SELECT restay_fold('Évora') AS folded`.execute(next.db);
      expect(folded.rows[0]!.folded).toBe('evora');
    } finally {
      await next.dispose();
    }
  });
});
