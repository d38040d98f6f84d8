import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingStatus } from '../../contract/listing-status.ts';
import type { OrderState } from '../../contract/buying.ts';
import { testClock } from '../helpers/buying-fixture.ts';
import { insertListing } from '../helpers/factories.ts';
import { addHotelMember, insertInvite } from '../helpers/hotels.ts';
import { addMember, connectHotel } from '../helpers/test-hotel.ts';
import { ACCESS_TABLE, BASE_HEADERS, type AccessRow, type World } from '../helpers/reliability/access-table.ts';
import { openTestCheckout } from '../helpers/reliability/fuzz-setup.ts';
import { mountedRoutes, routeKey, type MountedRoute } from '../helpers/reliability/mounted-routes.ts';
import { signedInClient, TEST_PUBLIC_URL } from '../helpers/supabase-client.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

// Every mounted route x every actor x every resource state, from the one table in access-table.ts.

type Actor = 'guest' | 'stranger' | 'owner' | 'buyer' | 'revoked' | 'expired' | HotelActor;
/** The world's hotel's admin and staff, and the admin of another hotel. */
type HotelActor = 'hotelAdmin' | 'hotelStaff' | 'otherHotelAdmin';
const HOTEL_ACTORS: HotelActor[] = ['hotelAdmin', 'hotelStaff', 'otherHotelAdmin'];
const ACTORS: Actor[] = ['guest', 'stranger', 'owner', 'buyer', 'revoked', 'expired', ...HOTEL_ACTORS];
const STATES: { listing: ListingStatus; order: OrderState | undefined }[] = [
  { listing: 'active', order: undefined },
  { listing: 'reserved', order: 'open' },
  { listing: 'sold', order: 'paid' },
  { listing: 'active', order: 'refunded' },
];
const HOUR = 3_600_000;

let server: TestServer;
const clock = testClock();
const tokens = {} as Record<Actor, string | undefined>;
const ids = {} as Record<'owner' | 'buyer' | 'stranger' | HotelActor, string>;

beforeAll(async () => {
  server = await startTestServer({
    clock,
    env: { PUBLIC_URL: TEST_PUBLIC_URL },
    authRateLimits: { token: 10_000, signIn: 10_000 },
  });
  for (const actor of ['owner', 'buyer', 'stranger', ...HOTEL_ACTORS] as const) {
    const { session, user } = await signedInClient(server.url, `${actor}@example.com`);
    tokens[actor] = session.access_token;
    ids[actor] = user.id;
  }
  // The owner's second device, signed out: its token is still unexpired and correctly signed.
  const device = await signedInClient(server.url, 'owner@example.com');
  tokens.revoked = device.session.access_token;
  expect((await device.client.auth.signOut({ scope: 'local' })).error).toBeNull();
  // Checked with the clock two hours on (see below): the owner's own token, expired.
  tokens.expired = tokens.owner;
  tokens.guest = undefined;
  const other = await connectHotel(server.database.db, { name: 'Hotel Elsewhere' });
  await addMember(server.database.db, other.hotelId, 'admin', {
    id: ids.otherHotelAdmin,
    email: 'otherHotelAdmin@example.com',
  });
});
afterAll(() => server.close());

async function makeWorld(state: (typeof STATES)[number]): Promise<Omit<World, 'callerId'>> {
  const { db } = server.database;
  const now = clock();
  const listingId = await insertListing(db, ids.owner, {
    status: state.listing,
    buyer_id: state.listing === 'sold' ? ids.buyer : null,
    now,
  });
  const session = await openTestCheckout(server);
  if (state.order) {
    const { reservation_id } = await db
      .selectFrom('listings')
      .select('reservation_id')
      .where('id', '=', listingId)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('orders')
      .values({
        listing_id: listingId,
        reservation_id,
        buyer_id: ids.buyer,
        seller_id: ids.owner,
        amount_cents: 12_000,
        currency: 'USD',
        state: state.order,
        // An open order's session is open at the provider: a buyer asking again is sent back to it.
        checkout_session_id: session.id,
        checkout_url: session.url,
        hold_expires_at: new Date(now.getTime() + 30 * 60_000),
        created_at: now,
        updated_at: now,
        paid_at: state.order === 'open' ? null : now,
        refund_reason: state.order === 'refunded' ? 'late_payment' : null,
        refunded_at: state.order === 'refunded' ? now : null,
      })
      .execute();
  }
  // A hotel of its own per world, so that its admin's allowed changes (a publish, the kill switch) stay in it.
  const { hotelId } = await connectHotel(db, { name: 'Hotel Matrix' });
  await addMember(db, hotelId, 'admin', { id: ids.hotelAdmin, email: 'hotelAdmin@example.com' });
  await addMember(db, hotelId, 'staff', { id: ids.hotelStaff, email: 'hotelStaff@example.com' });
  const removableMemberId = await addHotelMember(db, hotelId, { role: 'staff' });
  const inviteId = await insertInvite(db, { hotelId, email: `invited-${removableMemberId}@example.com`, now });
  return {
    listingId,
    sessionId: session.id,
    ownerId: ids.owner,
    buyerId: ids.buyer,
    hotelId,
    removableMemberId,
    inviteId,
  };
}

/** What a refused actor may be told; the provider's and stand-ins' routes refuse a missing signature or key as 400. */
function isRefusal(row: AccessRow, status: number) {
  return (
    [401, 403, 404, ...(row.alsoRefusesWith ?? [])].includes(status) ||
    (status === 400 && (row.allowed === 'provider' || row.allowed === 'stand-in'))
  );
}

function mayPass(row: AccessRow, actor: Actor): boolean {
  switch (row.allowed) {
    case 'anyone':
      return true;
    case 'signed-in':
      return actor !== 'guest' && actor !== 'revoked' && actor !== 'expired';
    case 'hotel-admin':
      return actor === 'hotelAdmin';
    case 'hotel-member':
      return actor === 'hotelAdmin' || actor === 'hotelStaff';
    case 'owner':
      return actor === 'owner';
    case 'buyer':
      return actor === 'buyer';
    default:
      return false;
  }
}

async function snapshot(world: Omit<World, 'callerId'>) {
  const { db } = server.database;
  const listing = await db
    .selectFrom('listings')
    .select(['status', 'title', 'price_cents', 'buyer_id'])
    .where('id', '=', world.listingId)
    .executeTakeFirst();
  const orders = await db
    .selectFrom('orders')
    .select(['state', 'paid_at'])
    .where('listing_id', '=', world.listingId)
    .execute();
  const policies = await db
    .selectFrom('hotel_policy_versions')
    .select('version')
    .where('hotel_id', '=', world.hotelId)
    .execute();
  const paused = await db
    .selectFrom('hotel_resale_pauses')
    .select('hotel_id')
    .where('hotel_id', '=', world.hotelId)
    .execute();
  return JSON.stringify({ listing, orders, policies, paused });
}

async function call(route: MountedRoute, row: AccessRow, world: Omit<World, 'callerId'>, actor: Actor) {
  const callerId = actor === 'guest' ? undefined : actor === 'revoked' || actor === 'expired' ? ids.owner : ids[actor];
  const { path, body } = row.call({ ...world, callerId });
  const headers: Record<string, string> = { ...BASE_HEADERS };
  const token = tokens[actor];
  if (token) headers.Authorization = `Bearer ${token}`;
  const form =
    path.startsWith('/test-checkout') || path.startsWith('/v1/') || path.startsWith('/auth/v1/authorize/dev');
  if (body !== undefined) headers['Content-Type'] = form ? 'application/x-www-form-urlencoded' : 'application/json';
  const encoded =
    body === undefined
      ? undefined
      : form
        ? new URLSearchParams(body as Record<string, string>).toString()
        : JSON.stringify(body);
  const reply = await server.request(path, { method: route.method, headers, body: encoded, redirect: 'manual' });
  return reply.status;
}

describe('the authorization table', () => {
  it('has exactly one row per mounted route', () => {
    const mounted = mountedRoutes(server.app).map(routeKey);
    expect(
      mounted.filter((key) => !ACCESS_TABLE[key]),
      'mounted routes without a row in access-table.ts',
    ).toEqual([]);
    expect(
      Object.keys(ACCESS_TABLE).filter((key) => !mounted.includes(key)),
      'rows for routes that are not mounted',
    ).toEqual([]);
  });
});

describe('every route, actor and state', () => {
  it(
    'lets no actor outside a route’s audience through or change anything, and serves its audience',
    { timeout: 600_000 },
    async () => {
      const leaks: string[] = [];
      const routes = mountedRoutes(server.app);
      // Two passes: every live actor at the real time, then the owner's token once it has expired.
      for (const pass of ['live', 'expired'] as const) {
        if (pass === 'expired') clock.advance(2 * HOUR);
        const actors = pass === 'live' ? ACTORS.filter((actor) => actor !== 'expired') : (['expired'] as Actor[]);
        for (const route of routes) {
          const row = ACCESS_TABLE[routeKey(route)];
          if (!row) continue;
          for (const state of STATES) {
            const world = await makeWorld(state);
            // Refused actors first, so that an allowed change (withdrawing, cancelling) cannot hide a leak.
            const ordered = [...actors].sort((a, b) => Number(mayPass(row, a)) - Number(mayPass(row, b)));
            for (const actor of ordered) {
              await server.database.db.deleteFrom('rate_limits').execute();
              const allowed = mayPass(row, actor);
              if (allowed && row.refusalsOnly) continue;
              const before = allowed ? '' : await snapshot(world);
              const status = await call(route, row, world, actor);
              const where = `${routeKey(route)} as ${actor}, listing ${state.listing}, order ${state.order ?? 'none'}: ${status}`;
              // The hotel's system is an outside service (the unseeded demo PMS): its 502, and an import's 503 "the
              // hotel's system is not answering" (ADR 0078), are no authorization outcome.
              if (status >= 500 && !(allowed && (status === 502 || status === 503)))
                leaks.push(`${where} (server error)`);
              else if (allowed && status === 401 && actor !== 'revoked' && actor !== 'expired')
                leaks.push(`${where} (its audience refused)`);
              else if (!allowed && !isRefusal(row, status)) leaks.push(`${where} (not refused)`);
              else if (!allowed && (await snapshot(world)) !== before) leaks.push(`${where} (changed data)`);
            }
          }
        }
      }
      expect(leaks).toEqual([]);
    },
  );
});
