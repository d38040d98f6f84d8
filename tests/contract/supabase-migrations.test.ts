import { readdirSync, readFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, openBlankPGlite } from '../helpers/test-database.ts';

// supabase/migrations run in a real Supabase project, where `auth.users`, `auth.uid()` and the
// `authenticated` role exist. Here a stand-in for those three lets the same files run on PGlite.
const SUPABASE_AUTH_STAND_IN = `
  create schema auth;
  create table auth.users (id uuid primary key, email text);
  create function auth.uid() returns uuid language sql stable as $$ select null::uuid $$;
  create role authenticated;
`;
const MIGRATIONS_DIR = new URL('../../supabase/migrations/', import.meta.url);
const migrationFiles = readdirSync(MIGRATIONS_DIR)
  .filter((name) => name.endsWith('.sql'))
  .sort();
const migration = (name: string) => readFileSync(new URL(name, MIGRATIONS_DIR), 'utf8');

const COLUMNS_QUERY = `select column_name, data_type, is_nullable, column_default from information_schema.columns
  where table_schema = 'public' and table_name = 'profiles' order by ordinal_position`;

let supabase: PGlite;

beforeAll(async () => {
  supabase = await openBlankPGlite();
  await supabase.exec(SUPABASE_AUTH_STAND_IN);
});
afterAll(() => supabase.close());

const profiles = async () =>
  (await supabase.query('select id, email, first_name, last_name, display_name from public.profiles order by email'))
    .rows;

describe('supabase/migrations', () => {
  it('create a profile for everyone who signed up before the trigger, and for each new sign-up', async () => {
    const [table, ...rest] = migrationFiles;
    await supabase.exec(migration(table!));
    await supabase.exec(`insert into auth.users values ('00000000-0000-4000-8000-000000000001', 'early@example.com')`);
    for (const name of rest) await supabase.exec(migration(name));
    await supabase.exec(`insert into auth.users values ('00000000-0000-4000-8000-000000000002', 'later@example.com')`);
    expect(await profiles()).toEqual([
      {
        id: '00000000-0000-4000-8000-000000000001',
        email: 'early@example.com',
        first_name: '',
        last_name: '',
        display_name: '',
      },
      {
        id: '00000000-0000-4000-8000-000000000002',
        email: 'later@example.com',
        first_name: '',
        last_name: '',
        display_name: '',
      },
    ]);
  });

  it('define profiles with exactly the columns of the API database', async () => {
    const api = await createTestDatabase();
    try {
      const { rows } = await sql.raw(COLUMNS_QUERY).execute(api.db);
      expect((await supabase.query(COLUMNS_QUERY)).rows).toEqual(rows);
    } finally {
      await api.dispose();
    }
  });
});
