import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAVED_SEARCH_LIMITS } from '../../contract/alerts.ts';
import { insertListing, insertProfile } from '../helpers/factories.ts';
import { signedInUser, startSellingServer, type SellingServer, type TestUser } from '../helpers/selling.ts';

let server: SellingServer;
beforeAll(async () => {
  server = await startSellingServer();
});
afterAll(() => server.close());

const send = (method: string, path: string, user: TestUser | undefined, body?: unknown) =>
  server.request(path, {
    method,
    headers: user?.headers ?? { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const lisbon = { name: 'Lisbon in spring', query: { location: 'lisbon' }, frequency: 'instant' };

describe('saved searches API', () => {
  it('refuses guests', async () => {
    expect((await send('GET', '/api/saved-searches', undefined)).status).toBe(401);
    expect((await send('POST', '/api/saved-searches', undefined, lisbon)).status).toBe(401);
  });

  it('saves a search, lists it with how many stays match now, and keeps the digest time', async () => {
    const seller = await insertProfile(server.database.db);
    await insertListing(server.database.db, seller, { city: 'Lisbon' });
    await insertListing(server.database.db, seller, { city: 'Porto' });
    const user = await signedInUser();

    const saved = await send('POST', '/api/saved-searches', user, {
      ...lisbon,
      query: { location: ' Lisbon ', hotelName: '' },
      digestHour: 19,
      timeZone: 'Europe/Lisbon',
    });
    expect(saved.status).toBe(201);
    expect(saved.body.data).toMatchObject({
      name: 'Lisbon in spring',
      query: { location: 'Lisbon' },
      frequency: 'instant',
      paused: false,
      matchCount: 1,
    });

    const listed = await send('GET', '/api/saved-searches', user);
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ success: true, data: { digestHour: 19, timeZone: 'Europe/Lisbon' } });
    expect(listed.body.data.savedSearches).toEqual([saved.body.data]);
  });

  it('validates the name, frequency and the query with the search rules, changing nothing', async () => {
    const user = await signedInUser();
    const cases = [
      [{ ...lisbon, name: ' ' }, 'name'],
      [{ ...lisbon, name: 'x'.repeat(SAVED_SEARCH_LIMITS.name + 1) }, 'name'],
      [{ ...lisbon, frequency: 'weekly' }, 'frequency'],
      [{ ...lisbon, query: { startDate: '2026-02-30' } }, 'query.startDate'],
      [{ ...lisbon, query: { minPrice: '90', maxPrice: '10' } }, 'query.minPrice'],
      [{ ...lisbon, query: { bounds: '1,2,3' } }, 'query.bounds'],
      [{ ...lisbon, timeZone: 'Mars/Olympus' }, 'timeZone'],
    ] as const;
    for (const [body, field] of cases) {
      const reply = await send('POST', '/api/saved-searches', user, body);
      expect(reply.status, field).toBe(400);
      expect(reply.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      expect(reply.body.details.map((d: { field: string }) => d.field)).toContain(field);
    }
    expect((await send('GET', '/api/saved-searches', user)).body.data.savedSearches).toEqual([]);
  });

  it(`keeps at most ${SAVED_SEARCH_LIMITS.perUser} per person`, async () => {
    const user = await signedInUser();
    const saves = Array.from({ length: SAVED_SEARCH_LIMITS.perUser + 3 }, (_, i) =>
      send('POST', '/api/saved-searches', user, { ...lisbon, name: `Search ${i}` }),
    );
    const statuses = (await Promise.all(saves)).map((reply) => reply.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(SAVED_SEARCH_LIMITS.perUser);
    expect(statuses.filter((status) => status === 409)).toHaveLength(3);
    expect((await send('GET', '/api/saved-searches', user)).body.data.savedSearches).toHaveLength(
      SAVED_SEARCH_LIMITS.perUser,
    );
  });

  it('renames, changes, pauses and deletes; only the owner may (403 otherwise)', async () => {
    const owner = await signedInUser();
    const other = await signedInUser();
    const { id } = (await send('POST', '/api/saved-searches', owner, lisbon)).body.data;

    const changed = await send('PUT', `/api/saved-searches/${id}`, owner, {
      name: 'Porto',
      query: { location: 'porto', maxPrice: '200' },
      frequency: 'daily',
      paused: true,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({
      name: 'Porto',
      query: { location: 'porto', maxPrice: '200' },
      frequency: 'daily',
      paused: true,
    });

    for (const [method, body] of [
      ['PUT', { name: 'Mine now' }],
      ['DELETE', undefined],
    ] as const) {
      const reply = await send(method, `/api/saved-searches/${id}`, other, body);
      expect(reply.status).toBe(403);
      expect(reply.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
    }
    expect((await send('GET', '/api/saved-searches', other)).body.data.savedSearches).toEqual([]);

    expect((await send('DELETE', `/api/saved-searches/${id}`, owner)).status).toBe(200);
    expect((await send('DELETE', `/api/saved-searches/${id}`, owner)).status).toBe(404);
    expect((await send('PUT', '/api/saved-searches/not-an-id', owner, { name: 'x' })).status).toBe(404);
  });
});
