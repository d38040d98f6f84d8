import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inviteLinkToken } from '../../server/hotels/invites.ts';
import { startHotelServer, type HotelServer } from '../helpers/hotel-server.ts';
import { addHotelMember, insertHotel, insertInvite, TEST_HOTEL_LINK_KEY } from '../helpers/hotels.ts';
import { post, signedInUser, type TestUser } from '../helpers/selling.ts';

/**
 * The first admin's link, on PGlite and (TEST_DATABASE_URL) PostgreSQL: it works once, for 72 hours by the
 * server's clock, for the requestor's address; anyone else waits for an admin of another hotel of the chain.
 */

let hs: HotelServer;
beforeAll(async () => {
  hs = await startHotelServer();
});
afterAll(() => hs.close());

const db = () => hs.server.database.db;
const HOUR_MS = 3_600_000;

/** Mews telling us a hotel connected Restay, its requestor `email`; answers the hotel's id and the link's token. */
async function hotelJoining(email: string) {
  const ids = { enterprise: randomUUID(), integration: randomUUID() };
  const reply = await hs.integrationEvent({
    Action: 'IntegrationCreated',
    Data: {
      Enterprise: { Id: ids.enterprise, Name: 'Hotel Seeblick' },
      Service: { Id: randomUUID(), Name: 'Accommodation' },
      Requestor: { Name: 'Anna Berg', Email: email },
      AccessToken: `TOKEN-${randomUUID()}`,
      CreatedUtc: hs.clock().toISOString(),
      IsEnabled: true,
      Integration: { Id: ids.integration, Name: 'Restay' },
    },
  });
  expect(reply.status).toBe(200);
  await hs.runJobs();
  const hotel = await db()
    .selectFrom('hotels')
    .select('id')
    .where('enterprise_id', '=', ids.enterprise)
    .executeTakeFirstOrThrow();
  const mail = await hs.lastEmailTo(email);
  expect(mail?.token).toBeTruthy();
  return { hotelId: hotel.id, token: mail!.token! };
}

const claim = (user: TestUser, token: string) => post(hs.server, '/api/hotels/claim', user, { token });
const hotelRow = (id: string) => db().selectFrom('hotels').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const roleOf = async (hotelId: string, userId: string) =>
  (
    await db()
      .selectFrom('hotel_members')
      .select('role')
      .where('hotel_id', '=', hotelId)
      .where('user_id', '=', userId)
      .executeTakeFirst()
  )?.role;

describe('the first admin’s link', () => {
  it('says, to someone signed out, which hotel it is for and in which role, and uses nothing up', async () => {
    const joining = await hotelJoining('preview@seeblick.example');
    const preview = (token: string) => post(hs.server, '/api/hotels/claim/preview', undefined, { token });
    const reply = await preview(joining.token);
    expect(reply.status).toBe(200);
    expect(reply.body.data).toEqual({
      hotel: { name: 'Hotel Seeblick' },
      role: 'admin',
      email: 'preview@seeblick.example',
    });
    expect((await preview('x'.repeat(43))).status).toBe(404);
    expect((await preview('short')).status).toBe(400);
    expect((await claim(await signedInUser('preview@seeblick.example'), joining.token)).status).toBe(200);
    expect((await preview(joining.token)).body.details).toMatchObject({ reason: 'link_used' });
  });

  it('is refused to an account whose sign-in did not verify its email, even the requestor’s own', async () => {
    const joining = await hotelJoining('unverified@seeblick.example');
    const unverified = await signedInUser('unverified@seeblick.example', { emailVerified: false });
    const reply = await claim(unverified, joining.token);
    expect(reply.status).toBe(403);
    expect(reply.body.details).toMatchObject({ reason: 'email_not_verified' });
    expect(await roleOf(joining.hotelId, unverified.id)).toBeUndefined();
    expect((await hotelRow(joining.hotelId)).status).toBe('pending');
    // The link is not spent: the same person, signed in with a verified address, uses it.
    expect((await claim(await signedInUser('unverified@seeblick.example'), joining.token)).status).toBe(200);
  });

  it('makes the requestor (any letter case) the admin and the hotel connected', async () => {
    const joining = await hotelJoining('anna@seeblick.example');
    const anna = await signedInUser('Anna@Seeblick.example');
    const reply = await claim(anna, joining.token);
    expect(reply.status).toBe(200);
    expect(reply.body.data).toEqual({
      outcome: 'joined',
      hotel: { id: joining.hotelId, name: 'Hotel Seeblick' },
      role: 'admin',
    });
    expect(await roleOf(joining.hotelId, anna.id)).toBe('admin');
    expect((await hotelRow(joining.hotelId)).status).toBe('connected');
  });

  it('still works just inside 72 hours and has expired just after, by the server’s clock', async () => {
    hs.clock.advance(-71 * HOUR_MS);
    const fresh = await hotelJoining(`fresh-${randomUUID().slice(0, 8)}@seeblick.example`);
    hs.clock.advance(-2 * HOUR_MS);
    const stale = await hotelJoining(`stale-${randomUUID().slice(0, 8)}@seeblick.example`);
    // Back to the present: the first link is 71 hours old, the second 73.
    hs.clock.advance(73 * HOUR_MS);

    const staleOwner = await signedInUser((await hotelRow(stale.hotelId)).requestor_email!);
    const expired = await claim(staleOwner, stale.token);
    expect(expired.status).toBe(409);
    expect(expired.body.error).toBe('This link has expired. Ask for a new one.');
    expect(expired.body.details).toMatchObject({ reason: 'link_expired' });
    expect(await roleOf(stale.hotelId, staleOwner.id)).toBeUndefined();
    expect((await hotelRow(stale.hotelId)).status).toBe('pending');

    const freshOwner = await signedInUser((await hotelRow(fresh.hotelId)).requestor_email!);
    expect((await claim(freshOwner, fresh.token)).status).toBe(200);
    expect(await roleOf(fresh.hotelId, freshOwner.id)).toBe('admin');
  });

  it('works once: its user opening it again sees where they are; anyone else is refused', async () => {
    const joining = await hotelJoining('ben@seeblick.example');
    const ben = await signedInUser('ben@seeblick.example');
    expect((await claim(ben, joining.token)).status).toBe(200);
    const again = await claim(ben, joining.token);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ outcome: 'joined', role: 'admin' });

    // Someone with the same address on another account (or a forwarded email) cannot use it a second time.
    const other = await signedInUser('ben@seeblick.example');
    const reused = await claim(other, joining.token);
    expect(reused.status).toBe(409);
    expect(reused.body.error).toBe('This link was already used. Ask for a new one.');
    expect(reused.body.details).toMatchObject({ reason: 'link_used' });
    expect(await roleOf(joining.hotelId, other.id)).toBeUndefined();
  });

  it('refuses another address at a hotel without a chain, and changes nothing', async () => {
    const joining = await hotelJoining('carla@seeblick.example');
    const stranger = await signedInUser('someone@elsewhere.example');
    const reply = await claim(stranger, joining.token);
    expect(reply.status).toBe(403);
    expect(reply.body.error).toBe('This link is for carla@seeblick.example. Sign in with that address to use it.');
    expect(reply.body.details).toMatchObject({ reason: 'wrong_email' });
    expect(await roleOf(joining.hotelId, stranger.id)).toBeUndefined();
    expect((await hotelRow(joining.hotelId)).status).toBe('pending');
    // The requestor can still use it.
    expect((await claim(await signedInUser('carla@seeblick.example'), joining.token)).status).toBe(200);
  });

  it('refuses a token that is no link at all', async () => {
    const reply = await claim(await signedInUser(), 'x'.repeat(43));
    expect(reply.status).toBe(404);
    expect(reply.body.error).toBe('This link is not valid. Ask for a new one.');
  });
});

describe('one answer for a hotel that is not yours', () => {
  it('answers 404 alike for the console and its policy, whether the hotel exists or not; staff get 403 on writes', async () => {
    const joining = await hotelJoining('dora@seeblick.example');
    const admin = await signedInUser('dora@seeblick.example');
    expect((await claim(admin, joining.token)).status).toBe(200);
    const stranger = await signedInUser();
    const get = (path: string) => hs.server.request(path, { headers: stranger.headers });
    for (const hotelId of [joining.hotelId, randomUUID()]) {
      for (const path of [
        `/api/hotels/${hotelId}`,
        `/api/hotels/${hotelId}/members`,
        `/api/hotels/${hotelId}/policy`,
      ]) {
        const reply = await get(path);
        expect(reply.status, path).toBe(404);
        expect(reply.body).toMatchObject({ code: 'NOT_FOUND', error: 'Hotel not found' });
      }
    }
    const staff = await signedInUser();
    await addHotelMember(db(), joining.hotelId, { userId: staff.id, email: staff.email, role: 'staff' });
    const invite = await post(hs.server, `/api/hotels/${joining.hotelId}/members`, staff, {
      email: 'x@seeblick.example',
      role: 'staff',
    });
    expect(invite.status, JSON.stringify(invite.body)).toBe(403);
  });
});

describe('approval by the chain', () => {
  /** A pending hotel of `chainId` with a first-admin link to its requestor, and that link's token. */
  async function pendingHotelOfChain(chainId: string) {
    const hotelId = await insertHotel(db(), { name: 'Hotel Seeblick Lakeside', status: 'pending', chainId });
    const inviteId = await insertInvite(db(), {
      hotelId,
      kind: 'first_admin',
      role: 'admin',
      email: 'owner@seeblick.example',
      now: hs.clock(),
    });
    return { hotelId, inviteId, token: inviteLinkToken(TEST_HOTEL_LINK_KEY, inviteId) };
  }

  /** A connected hotel of `chainId` with a signed-in admin. */
  async function chainAdmin(chainId: string | null) {
    const hotelId = await insertHotel(db(), { name: 'Hotel Seeblick City', chainId });
    const admin = await signedInUser();
    await addHotelMember(db(), hotelId, { userId: admin.id, email: admin.email, role: 'admin' });
    return { hotelId, admin };
  }

  const approvals = (hotelId: string, user: TestUser) =>
    hs.server.request(`/api/hotels/${hotelId}/approvals`, { headers: user.headers });
  const approve = (hotelId: string, user: TestUser, inviteId: string) =>
    post(hs.server, `/api/hotels/${hotelId}/approvals/${inviteId}`, user, {});

  it('lets an admin of another hotel of the same chain make the person who opened it the admin', async () => {
    const chainId = randomUUID();
    const pending = await pendingHotelOfChain(chainId);
    const { hotelId: sisterId, admin } = await chainAdmin(chainId);
    const manager = await signedInUser('manager@seeblick-group.example');

    const waiting = await claim(manager, pending.token);
    expect(waiting.status).toBe(200);
    expect(waiting.body.data).toMatchObject({ outcome: 'awaiting_approval', role: 'admin' });
    expect(await roleOf(pending.hotelId, manager.id)).toBeUndefined();
    // A second person cannot queue behind the first on the same link.
    const second = await claim(await signedInUser('other@seeblick-group.example'), pending.token);
    expect(second.status).toBe(409);
    expect(second.body.details).toMatchObject({ reason: 'link_pending' });

    const listed = await approvals(sisterId, admin);
    expect(listed.status).toBe(200);
    expect(listed.body.data.approvals).toEqual([
      expect.objectContaining({
        inviteId: pending.inviteId,
        hotelName: 'Hotel Seeblick Lakeside',
        requesterEmail: 'manager@seeblick-group.example',
        requestorEmail: 'owner@seeblick.example',
      }),
    ]);

    expect((await approve(sisterId, admin, pending.inviteId)).status).toBe(200);
    expect(await roleOf(pending.hotelId, manager.id)).toBe('admin');
    expect((await hotelRow(pending.hotelId)).status).toBe('connected');
    // Approved once: the link is spent, for a second approval and for the requestor alike.
    expect((await approve(sisterId, admin, pending.inviteId)).status).toBe(404);
    expect((await claim(await signedInUser('owner@seeblick.example'), pending.token)).status).toBe(409);
  });

  it('is not for an admin of another chain, of no chain, or the chain’s staff', async () => {
    const chainId = randomUUID();
    const pending = await pendingHotelOfChain(chainId);
    const manager = await signedInUser('manager2@seeblick-group.example');
    expect((await claim(manager, pending.token)).body.data.outcome).toBe('awaiting_approval');

    const otherChain = await chainAdmin(randomUUID());
    const noChain = await chainAdmin(null);
    for (const { hotelId, admin } of [otherChain, noChain]) {
      expect((await approvals(hotelId, admin)).body.data.approvals).toEqual([]);
      expect((await approve(hotelId, admin, pending.inviteId)).status).toBe(404);
    }
    const sister = await chainAdmin(chainId);
    const staff = await signedInUser();
    await addHotelMember(db(), sister.hotelId, { userId: staff.id, email: staff.email, role: 'staff' });
    expect((await approve(sister.hotelId, staff, pending.inviteId)).status).toBe(403);
    expect(await roleOf(pending.hotelId, manager.id)).toBeUndefined();
    expect((await hotelRow(pending.hotelId)).status).toBe('pending');
  });

  it('does not let an admin of the chain approve their own claim', async () => {
    const chainId = randomUUID();
    const pending = await pendingHotelOfChain(chainId);
    const { hotelId: sisterId, admin } = await chainAdmin(chainId);
    expect((await claim(admin, pending.token)).body.data.outcome).toBe('awaiting_approval');
    expect((await approvals(sisterId, admin)).body.data.approvals).toEqual([]);
    const own = await approve(sisterId, admin, pending.inviteId);
    expect(own.status).toBe(403);
    expect(own.body.details).toMatchObject({ reason: 'own_claim' });
    expect(await roleOf(pending.hotelId, admin.id)).toBeUndefined();
    // Another admin of the chain can.
    const other = await chainAdmin(chainId);
    expect((await approve(other.hotelId, other.admin, pending.inviteId)).status).toBe(200);
    expect(await roleOf(pending.hotelId, admin.id)).toBe('admin');
  });

  it('cannot approve a link that expired while its person waited', async () => {
    const chainId = randomUUID();
    const pending = await pendingHotelOfChain(chainId);
    const { hotelId: sisterId, admin } = await chainAdmin(chainId);
    const manager = await signedInUser('manager3@seeblick-group.example');
    expect((await claim(manager, pending.token)).body.data.outcome).toBe('awaiting_approval');
    hs.clock.advance(73 * HOUR_MS);
    try {
      expect((await approvals(sisterId, admin)).body.data.approvals).toEqual([]);
      expect((await approve(sisterId, admin, pending.inviteId)).status).toBe(404);
      expect(await roleOf(pending.hotelId, manager.id)).toBeUndefined();
    } finally {
      hs.clock.advance(-73 * HOUR_MS);
    }
  });
});
