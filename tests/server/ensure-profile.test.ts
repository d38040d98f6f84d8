import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureProfile } from '../../server/accounts/ensure-profile.ts';
import { insertListing } from '../helpers/factories.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

const profileOf = (id: string) =>
  database.db.selectFrom('profiles').selectAll().where('id', '=', id).executeTakeFirst();

describe('ensureProfile', () => {
  it('creates the missing row with the email and empty names, so a listing can reference it', async () => {
    const id = randomUUID();
    await expect(insertListing(database.db, id)).rejects.toMatchObject({ code: '23503' });
    await ensureProfile(database.db, { id, email: 'new-seller@example.com' });
    expect(await profileOf(id)).toMatchObject({
      id,
      email: 'new-seller@example.com',
      first_name: '',
      last_name: '',
      display_name: '',
    });
    await expect(insertListing(database.db, id)).resolves.toBeDefined();
  });

  it("keeps an existing row's names and takes the email the auth server verified", async () => {
    const id = randomUUID();
    await ensureProfile(database.db, { id, email: 'first@example.com' });
    await database.db.updateTable('profiles').set({ first_name: 'Ana' }).where('id', '=', id).execute();
    await ensureProfile(database.db, { id, email: 'changed@example.com' });
    expect(await profileOf(id)).toMatchObject({ email: 'changed@example.com', first_name: 'Ana' });
  });

  it('accepts a user without an email address', async () => {
    const id = randomUUID();
    await ensureProfile(database.db, { id, email: undefined });
    expect(await profileOf(id)).toMatchObject({ id, email: null });
  });

  it('lets two requests for one new user race without an error', async () => {
    const id = randomUUID();
    await Promise.all([1, 2, 3].map(() => ensureProfile(database.db, { id, email: 'racer@example.com' })));
    expect(await profileOf(id)).toMatchObject({ email: 'racer@example.com' });
  });
});
