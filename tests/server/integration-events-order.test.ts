import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFailedJobs } from '../../server/jobs/admin.ts';
import { startHotelServer, type HotelServer } from '../helpers/hotel-server.ts';

/**
 * An integration's events applied one at a time in the order they arrived, on PGlite and (TEST_DATABASE_URL)
 * PostgreSQL: whatever comes before its IntegrationCreated waits for it, events delivered together and applied
 * by workers side by side end as if delivered one by one, and an integration whose Created never comes is
 * handed to an operator after the job's attempts.
 */

let hs: HotelServer;
beforeAll(async () => {
  hs = await startHotelServer();
});
afterAll(() => hs.close());

const db = () => hs.server.database.db;

function integration() {
  const ids = { enterprise: randomUUID(), integration: randomUUID() };
  const ref = { Id: ids.integration, Name: 'Restay' };
  const token = () => `${randomUUID().replace(/-/g, '').toUpperCase()}-SECRET`;
  const first = token();
  return {
    ids,
    first,
    created: {
      Action: 'IntegrationCreated',
      Data: {
        Enterprise: { Id: ids.enterprise, Name: 'Hotel Reihenfolge' },
        Requestor: { Name: 'Ada Admin', Email: `${ids.enterprise.slice(0, 8)}@example.com` },
        AccessToken: first,
        CreatedUtc: '2026-11-30T10:00:00Z',
        IsEnabled: true,
        Integration: ref,
      },
    },
    state: (Action: string) => ({ Action, Data: { Integration: ref } }),
    apiKey: (ApiKey: string) => ({ Action: 'IntegrationApiKeyCreated', Data: { Integration: ref, ApiKey } }),
    token,
  };
}

async function deliver(...events: unknown[]) {
  for (const event of events) expect((await hs.integrationEvent(event)).status).toBe(200);
}

/** Four workers side by side, as four job slots would run them. */
const runWorkers = () => Promise.all([hs.runJobs(), hs.runJobs(), hs.runJobs(), hs.runJobs()]);

/** What the events made of the hotel: its standing, its token, and the first-admin invites sent. */
async function hotelState(enterpriseId: string) {
  const hotel = await db()
    .selectFrom('hotels')
    .select(['id', 'status', 'access_token_ciphertext'])
    .where('enterprise_id', '=', enterpriseId)
    .executeTakeFirst();
  if (!hotel) return undefined;
  const invites = await db().selectFrom('hotel_invites').select('id').where('hotel_id', '=', hotel.id).execute();
  return {
    status: hotel.status,
    token: hs.deps.cipher.decrypt(hotel.access_token_ciphertext, { hotel: enterpriseId }),
    invites: invites.length,
  };
}

const waitingEvents = (integrationId: string) =>
  db()
    .selectFrom('hotel_integration_events')
    .select('action')
    .where('integration_id', '=', integrationId)
    .where('processed_at', 'is', null)
    .execute();

describe("an integration's events", () => {
  it('end in the same state delivered out of order and together as delivered in order', async () => {
    const inOrder = integration();
    const rotated = inOrder.token();
    await deliver(inOrder.created);
    await hs.runJobs();
    await deliver(inOrder.apiKey(rotated));
    await hs.runJobs();
    await deliver(inOrder.state('IntegrationDisabled'));
    await hs.runJobs();
    const expected = await hotelState(inOrder.ids.enterprise);
    expect(expected).toEqual({ status: 'suspended', token: rotated, invites: 1 });

    const shuffled = integration();
    const rotatedToo = shuffled.token();
    // The key and the suspension arrive together, before the Created Mews sent first (its delivery was retried).
    await Promise.all([
      hs.integrationEvent(shuffled.state('IntegrationDisabled')),
      hs.integrationEvent(shuffled.apiKey(rotatedToo)),
    ]);
    await runWorkers();
    expect(await hotelState(shuffled.ids.enterprise)).toBeUndefined();
    await deliver(shuffled.created);
    // The Created's job and the waiting job, due again, on workers side by side.
    hs.clock.advance(60_000);
    await runWorkers();
    expect(await hotelState(shuffled.ids.enterprise)).toEqual({ ...expected, token: rotatedToo });
    expect(await waitingEvents(shuffled.ids.integration)).toEqual([]);
  });

  it('apply a suspension and a restoration in the order they arrived, however many workers run', async () => {
    const hotel = integration();
    await deliver(hotel.created, hotel.state('IntegrationDisabled'), hotel.state('IntegrationEnabled'));
    await deliver(hotel.state('IntegrationCanceled'));
    await runWorkers();
    expect((await hotelState(hotel.ids.enterprise))?.status).toBe('suspended');
    const outcomes = await db()
      .selectFrom('hotel_integration_events')
      .select(['action', 'outcome'])
      .where('integration_id', '=', hotel.ids.integration)
      .orderBy('processed_at')
      .orderBy('seq')
      .execute();
    expect(outcomes.map((event) => event.action)).toEqual([
      'IntegrationCreated',
      'IntegrationDisabled',
      'IntegrationEnabled',
      'IntegrationCanceled',
    ]);
  });

  it('wait for their IntegrationCreated, retried, then apply once it arrives', async () => {
    const hotel = integration();
    await deliver(hotel.state('IntegrationDisabled'));
    await hs.runJobs();
    expect(await waitingEvents(hotel.ids.integration)).toEqual([{ action: 'IntegrationDisabled' }]);
    const job = await db()
      .selectFrom('jobs')
      .select(['state', 'attempts', 'last_error'])
      .where('kind', '=', 'hotels.integration_event')
      .where('payload', '@>', JSON.stringify({ integrationId: hotel.ids.integration }))
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ state: 'pending', attempts: 1 });
    expect(job.last_error).toMatch(/not known yet/);

    await deliver(hotel.created);
    await hs.runJobs();
    expect(await hotelState(hotel.ids.enterprise)).toMatchObject({ status: 'suspended', token: hotel.first });
    expect(await waitingEvents(hotel.ids.integration)).toEqual([]);
  });

  it('whose Created never comes are handed to an operator once the job has used its attempts', async () => {
    const hotel = integration();
    await deliver(hotel.state('IntegrationEnabled'));
    for (let attempt = 0; attempt < 12; attempt++) {
      await hs.runJobs();
      hs.clock.advance(3_600_000);
    }
    const failed = await listFailedJobs(db());
    expect(failed.find((job) => job.kind === 'hotels.integration_event')).toMatchObject({
      attempts: 12,
      last_error: expect.stringContaining(hotel.ids.integration),
    });
    expect(await waitingEvents(hotel.ids.integration)).toEqual([{ action: 'IntegrationEnabled' }]);
  });
});
