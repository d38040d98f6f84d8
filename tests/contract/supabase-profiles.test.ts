import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient, supabaseFor, TEST_PUBLIC_URL } from '../helpers/supabase-client.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

let server: TestServer;
let ana: { client: SupabaseClient; id: string };
let ben: { client: SupabaseClient; id: string };

beforeAll(async () => {
  server = await startTestServer({ env: { PUBLIC_URL: TEST_PUBLIC_URL } });
  const a = await signedInClient(server.url, 'ana@example.com');
  const b = await signedInClient(server.url, 'ben@example.com');
  ana = { client: a.client, id: a.user.id };
  ben = { client: b.client, id: b.user.id };
});
afterAll(() => server.close());

const NAMES = 'first_name,last_name,display_name';

const deleteProfile = (id: string) => server.database.db.deleteFrom('profiles').where('id', '=', id).execute();

describe('/rest/v1/profiles with the real supabase-js', () => {
  it("sign-in has created the profile row, so the browser's own insert meets 23505", async () => {
    const read = await ana.client.from('profiles').select(`email,${NAMES}`).eq('id', ana.id).single();
    expect(read.data).toEqual({ email: 'ana@example.com', first_name: '', last_name: '', display_name: '' });
    const insert = await ana.client
      .from('profiles')
      .insert({ id: ana.id, email: 'ana@example.com', first_name: '', last_name: '', display_name: '' });
    expect(insert.status).toBe(409);
    expect(insert.error?.code).toBe('23505');
  });

  it('single() on a row the caller cannot see is 406 PGRST116; maybeSingle() is null', async () => {
    const single = await ana.client.from('profiles').select(NAMES).eq('id', ben.id).single();
    expect(single.status).toBe(406);
    expect(single.error?.code).toBe('PGRST116');
    const maybe = await ana.client.from('profiles').select(NAMES).eq('id', ben.id).maybeSingle();
    expect(maybe.error).toBeNull();
    expect(maybe.data).toBeNull();
  });

  it('inserts a missing row once (201) and refuses a duplicate with 23505', async () => {
    await deleteProfile(ana.id);
    const row = { id: ana.id, email: 'ana@example.com', first_name: '', last_name: '', display_name: '' };
    const inserted = await ana.client.from('profiles').insert(row);
    expect(inserted.status).toBe(201);
    expect(inserted.error).toBeNull();
    const duplicate = await ana.client.from('profiles').insert(row);
    expect(duplicate.status).toBe(409);
    expect(duplicate.error?.code).toBe('23505');
    const read = await ana.client.from('profiles').select(NAMES).eq('id', ana.id).single();
    expect(read.data).toEqual({ first_name: '', last_name: '', display_name: '' });
  });

  it('upsert updates the existing row (200) and inserts a new one (201)', async () => {
    const updatedAt = new Date().toISOString();
    const updated = await ana.client
      .from('profiles')
      .upsert({ id: ana.id, first_name: 'Ana', last_name: 'Silva', display_name: 'ana.s', updated_at: updatedAt });
    expect(updated.error).toBeNull();
    expect(updated.status).toBe(200);
    const read = await ana.client
      .from('profiles')
      .select('first_name,last_name,display_name,email,updated_at')
      .eq('id', ana.id)
      .single();
    expect(read.data).toMatchObject({
      first_name: 'Ana',
      last_name: 'Silva',
      display_name: 'ana.s',
      email: 'ana@example.com',
    });
    expect(new Date(read.data?.updated_at as string).toISOString()).toBe(updatedAt);

    await deleteProfile(ben.id);
    const created = await ben.client.from('profiles').upsert({ id: ben.id, first_name: 'Ben' });
    expect(created.status).toBe(201);
  });

  it('returns the row with select() after a write', async () => {
    const { data, error } = await ana.client
      .from('profiles')
      .upsert({ id: ana.id, display_name: 'A.' })
      .select(NAMES)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ first_name: 'Ana', last_name: 'Silva', display_name: 'A.' });
  });

  it("one user can neither read nor write another's row", async () => {
    const read = await ben.client.from('profiles').select(NAMES).eq('id', ana.id).maybeSingle();
    expect(read.data).toBeNull();
    const all = await ben.client.from('profiles').select('id');
    expect(all.data).toEqual([{ id: ben.id }]);
    const write = await ben.client.from('profiles').upsert({ id: ana.id, first_name: 'Mallory' });
    expect(write.error?.code).toBe('42501');
    expect(write.status).toBe(403);
    const insert = await ben.client.from('profiles').insert({ id: ana.id });
    expect(insert.error?.code).toBe('42501');
    const still = await ana.client.from('profiles').select('first_name').eq('id', ana.id).single();
    expect(still.data?.first_name).toBe('Ana');
  });

  it('the anonymous key sees no rows and cannot write', async () => {
    const { client } = supabaseFor(server.url);
    const read = await client.from('profiles').select('id');
    expect(read.data).toEqual([]);
    const write = await client.from('profiles').insert({ id: ana.id });
    expect(write.status).toBe(401);
    expect(write.error?.code).toBe('42501');
  });

  it('reports unknown columns as PostgREST does', async () => {
    const bad = await ana.client.from('profiles').upsert({ id: ana.id, is_admin: true } as never);
    expect(bad.status).toBe(400);
    expect(bad.error?.code).toBe('PGRST204');
  });

  it('keeps the email the auth server verified: a typed one is ignored, on upsert and on insert', async () => {
    const upsert = await ana.client
      .from('profiles')
      .upsert({ id: ana.id, email: 'someone.else@example.com', first_name: 'Ana' });
    expect(upsert.error).toBeNull();
    const read = async () =>
      await server.database.db
        .selectFrom('profiles')
        .select(['email', 'first_name'])
        .where('id', '=', ana.id)
        .executeTakeFirstOrThrow();
    expect(await read()).toEqual({ email: 'ana@example.com', first_name: 'Ana' });
    await deleteProfile(ana.id);
    const insert = await ana.client
      .from('profiles')
      .insert({ id: ana.id, email: 'someone.else@example.com', first_name: '', last_name: '', display_name: '' });
    expect(insert.status).toBe(201);
    expect((await read()).email).toBe('ana@example.com');
  });
});
