import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../../server/http/redact-url.ts';
import { hotelAccessTokens } from '../../server/hotels/hotel-tokens.ts';
import { createTokenCipher } from '../../server/hotels/token-cipher.ts';
import { hotelKeyOf } from '../../server/selling/pms/mews-pms.ts';
import { startHotelServer, type HotelServer } from '../helpers/hotel-server.ts';
import { addHotelMember } from '../helpers/hotels.ts';

/**
 * Hotels joining by Mews' Integration Webhook, on PGlite and (TEST_DATABASE_URL) PostgreSQL: every action and
 * its replay, token rotation, the token encrypted at rest and never in a log line.
 */

let hs: HotelServer;
beforeAll(async () => {
  hs = await startHotelServer();
});
afterAll(() => hs.close());

const db = () => hs.server.database.db;

/** One hotel's integration as Mews names it, with the events Mews would send about it. */
function integration(name = 'Hotel Seeblick', requestor: { Name: string; Email: string } | null = null) {
  const ids = { enterprise: randomUUID(), integration: randomUUID() };
  const token = `${randomUUID().replace(/-/g, '').toUpperCase()}-SECRET${randomUUID().slice(0, 8)}`;
  const ref = { Id: ids.integration, Name: 'Restay' };
  return {
    ids,
    token,
    created: {
      Action: 'IntegrationCreated',
      Data: {
        Enterprise: { Id: ids.enterprise, Name: name },
        Service: { Id: randomUUID(), Name: 'Accommodation' },
        Requestor: requestor,
        AccessToken: token,
        CreatedUtc: '2026-11-26T10:00:00Z',
        IsEnabled: true,
        Integration: ref,
      },
    },
    state: (Action: string) => ({ Action, Data: { Integration: ref } }),
    deleted: { Action: 'IntegrationDeleted', Data: { Integration: ref, DeletedUtc: '2026-11-27T10:00:00Z' } },
    apiKey: (ApiKey: string) => ({ Action: 'IntegrationApiKeyCreated', Data: { Integration: ref, ApiKey } }),
  };
}

const hotelOf = (enterpriseId: string) =>
  db().selectFrom('hotels').selectAll().where('enterprise_id', '=', enterpriseId).executeTakeFirst();

async function deliver(event: unknown) {
  const reply = await hs.integrationEvent(event);
  expect(reply.status).toBe(200);
  const body = reply.body as { data: { outcome: string } };
  await hs.runJobs();
  return body.data.outcome;
}

/** Every text the database holds in the tables the hotels touch, as one string. */
async function everythingStored(): Promise<string> {
  const tables = ['hotels', 'hotel_integration_events', 'jobs', 'mail_outbox', 'hotel_invites'];
  const dumps = await Promise.all(
    tables.map(async (table) => JSON.stringify((await sql`select * from ${sql.table(table)}`.execute(db())).rows)),
  );
  return dumps.join('\n');
}

describe('the integration webhook', () => {
  it('refuses a wrong or missing token and records nothing', async () => {
    const hotel = integration();
    expect((await hs.integrationEvent(hotel.created, 'wrong-token')).status).toBe(401);
    expect((await hs.server.request('/api/mews/integration-webhook', { method: 'POST' })).status).toBe(401);
    // The General Webhook's token is another secret: it does not open this one.
    expect((await hs.integrationEvent(hotel.created, hs.server.config.mewsWebhookToken)).status).toBe(401);
    expect(await hotelOf(hotel.ids.enterprise)).toBeUndefined();
  });

  it('answers an unknown action 200 and records nothing', async () => {
    const before = await db().selectFrom('hotel_integration_events').select('id').execute();
    const reply = await hs.integrationEvent({ Action: 'IntegrationRenamed', Data: { Anything: 1 } });
    expect(reply.status).toBe(200);
    expect((reply.body as { data: unknown }).data).toEqual({ outcome: 'unknown_action' });
    expect(await db().selectFrom('hotel_integration_events').select('id').execute()).toHaveLength(before.length);
  });

  it('refuses a known action with the wrong shape (400) and records nothing', async () => {
    const reply = await hs.integrationEvent({ Action: 'IntegrationCreated', Data: { Enterprise: null } });
    expect(reply.status).toBe(400);
  });

  it('IntegrationCreated makes a pending hotel and emails its requestor once, however often it is delivered', async () => {
    const hotel = integration('Hotel Seeblick', { Name: 'Anna Berg', Email: 'Anna.Berg@seeblick.example' });
    expect(await deliver(hotel.created)).toBe('recorded');
    expect(await deliver(hotel.created)).toBe('duplicate');
    const row = await hotelOf(hotel.ids.enterprise);
    expect(row).toMatchObject({
      name: 'Hotel Seeblick',
      status: 'pending',
      integration_id: hotel.ids.integration,
      requestor_name: 'Anna Berg',
      requestor_email: 'anna.berg@seeblick.example',
    });
    expect(hs.deps.cipher.decrypt(row!.access_token_ciphertext, { hotel: hotel.ids.enterprise })).toBe(hotel.token);
    // Stored on the hotel, the token is no longer kept in the events' history.
    const history = await db()
      .selectFrom('hotel_integration_events')
      .select('token_ciphertext')
      .where('integration_id', '=', hotel.ids.integration)
      .execute();
    expect(history).toEqual([{ token_ciphertext: null }]);
    const mail = await hs.lastEmailTo('anna.berg@seeblick.example');
    expect(mail?.subject).toBe('Set up resale for Hotel Seeblick on Restay');
    expect(mail?.token).toBeTruthy();
    const emails = await db()
      .selectFrom('mail_outbox')
      .select('id')
      .where('to_address', '=', 'anna.berg@seeblick.example')
      .execute();
    expect(emails).toHaveLength(1);
  });

  it('keeps the raw token out of the database and out of every log line', async () => {
    const hotel = integration('Hotel Alpenrose', { Name: 'Ben', Email: 'ben@alpenrose.example' });
    await deliver(hotel.created);
    const rotated = `ROTATED-${randomUUID()}`;
    await deliver(hotel.apiKey(rotated));
    const stored = await everythingStored();
    expect(stored).not.toContain(hotel.token);
    expect(stored).not.toContain(rotated);
    const logs = hs.logLines.join('');
    expect(logs).not.toContain(hotel.token);
    expect(logs).not.toContain(rotated);
    // The request log shows the webhook's address without its token.
    expect(redactUrl('/api/mews/integration-webhook?Token=abc&x=1')).toBe(
      '/api/mews/integration-webhook?Token=[redacted]&x=1',
    );
    expect(redactUrl('/hotel/claim?token=abc')).toBe('/hotel/claim?token=[redacted]');
  });

  it('IntegrationApiKeyCreated replaces the token; a replay of it changes nothing', async () => {
    const hotel = integration('Hotel Lindenhof');
    await deliver(hotel.created);
    const first = `FIRST-${randomUUID()}`;
    const second = `SECOND-${randomUUID()}`;
    expect(await deliver(hotel.apiKey(first))).toBe('recorded');
    expect(await deliver(hotel.apiKey(second))).toBe('recorded');
    // Mews delivering the first rotation again (a retry after a timeout) does not bring the old key back.
    expect(await deliver(hotel.apiKey(first))).toBe('duplicate');
    const row = await hotelOf(hotel.ids.enterprise);
    expect(hs.deps.cipher.decrypt(row!.access_token_ciphertext, { hotel: hotel.ids.enterprise })).toBe(second);
  });

  it('suspends on Disabled, Canceled and Deleted and restores on Enabled and Reinstated, replays included', async () => {
    const hotel = integration('Hotel Sonne');
    await deliver(hotel.created);
    const status = async () => (await hotelOf(hotel.ids.enterprise))!.status;
    await deliver(hotel.state('IntegrationDisabled'));
    await deliver(hotel.state('IntegrationDisabled'));
    expect(await status()).toBe('suspended');
    await deliver(hotel.state('IntegrationEnabled'));
    // Without an admin it waits for one again.
    expect(await status()).toBe('pending');
    const row = await hotelOf(hotel.ids.enterprise);
    await addHotelMember(db(), row!.id, { role: 'admin' });
    await deliver(hotel.state('IntegrationCanceled'));
    expect(await status()).toBe('suspended');
    await deliver(hotel.state('IntegrationReinstated'));
    await deliver(hotel.state('IntegrationReinstated'));
    expect(await status()).toBe('connected');
    expect(await deliver(hotel.deleted)).toBe('recorded');
    expect(await deliver(hotel.deleted)).toBe('duplicate');
    expect(await status()).toBe('suspended');
  });

  it('records an event about an integration it does not know, and keeps it waiting without changing anything', async () => {
    const stranger = integration();
    expect(await deliver(stranger.state('IntegrationDisabled'))).toBe('recorded');
    const event = await db()
      .selectFrom('hotel_integration_events')
      .select(['outcome', 'processed_at'])
      .where('integration_id', '=', stranger.ids.integration)
      .executeTakeFirstOrThrow();
    expect(event).toEqual({ outcome: null, processed_at: null });
    expect(await hotelOf(stranger.ids.enterprise)).toBeUndefined();
  });
});

describe('the tokens the PMS adapter uses', () => {
  it('are the connected hotels’ and the configured ones not yet imported; never a pending or suspended hotel’s', async () => {
    const connected = integration('Hotel Connected');
    const pending = integration('Hotel Pending');
    const suspended = integration('Hotel Suspended');
    for (const hotel of [connected, pending, suspended]) await deliver(hotel.created);
    const connectedRow = await hotelOf(connected.ids.enterprise);
    await addHotelMember(db(), connectedRow!.id, { role: 'admin' });
    await deliver(connected.state('IntegrationDisabled'));
    await deliver(connected.state('IntegrationEnabled'));
    await deliver(suspended.state('IntegrationDisabled'));
    const source = hotelAccessTokens(db(), hs.deps.cipher, ['configured-token'], hs.deps.logger);
    const tokens = await source.searchable();
    expect(tokens).toContain(connected.token);
    expect(tokens).toContain('configured-token');
    expect(tokens).not.toContain(pending.token);
    expect(tokens).not.toContain(suspended.token);
  });

  it('hand out a known hotel’s own token whatever its standing, and say so when it cannot be used', async () => {
    const pending = integration('Hotel Pending');
    const suspended = integration('Hotel Suspended');
    const rekeyed = integration('Hotel Rekeyed');
    for (const hotel of [pending, suspended, rekeyed]) await deliver(hotel.created);
    await deliver(suspended.state('IntegrationDisabled'));
    // Another HOTEL_TOKEN_KEY wrote this one: its ciphertext no longer decrypts.
    const otherKey = createTokenCipher({ current: '11'.repeat(32) });
    await db()
      .updateTable('hotels')
      .set({ access_token_ciphertext: otherKey.encrypt(rekeyed.token, { hotel: rekeyed.ids.enterprise }) })
      .where('enterprise_id', '=', rekeyed.ids.enterprise)
      .execute();
    const source = hotelAccessTokens(db(), hs.deps.cipher, ['configured-token'], hs.deps.logger);
    expect(await source.ofHotel({ enterpriseId: pending.ids.enterprise })).toEqual({
      kind: 'usable',
      token: pending.token,
    });
    expect(await source.ofHotel({ hotelKey: hotelKeyOf(suspended.token) })).toEqual({
      kind: 'usable',
      token: suspended.token,
    });
    expect(await source.ofHotel({ enterpriseId: rekeyed.ids.enterprise })).toMatchObject({ kind: 'unusable' });
    expect(await source.ofHotel({ hotelKey: hotelKeyOf('configured-token') })).toEqual({
      kind: 'usable',
      token: 'configured-token',
    });
    expect(await source.ofHotel({ enterpriseId: 'never-joined' })).toEqual({ kind: 'not_a_known_hotel' });
  });
});
