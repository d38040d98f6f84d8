import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { foundReservationSchema, verifiedReservationSchema } from '../../contract/selling.ts';
import { pmsReservation } from '../helpers/pms-double.ts';
import {
  manualClock,
  post,
  signedInUser,
  startSellingServer,
  verifyReservation,
  type SellingServer,
  type TestUser,
} from '../helpers/selling.ts';

let server: SellingServer;
const time = manualClock(new Date('2031-03-01T12:00:00Z'));

beforeAll(async () => {
  server = await startSellingServer(time.clock);
});
afterAll(() => server.close());
beforeEach(async () => {
  await server.database.db.deleteFrom('rate_limits').execute();
});

function newReservation(overrides: Parameters<typeof pmsReservation>[0] = {}) {
  return server.pms.add(
    pmsReservation({
      now: time.clock(),
      email: `guest-${Math.random().toString(36).slice(2)}@example.com`,
      ...overrides,
    }),
  );
}

/** A user who has verified a fresh reservation. */
async function verifiedSeller(overrides: Parameters<typeof pmsReservation>[0] = {}) {
  const user = await signedInUser();
  const reservation = newReservation(overrides);
  await verifyReservation(server, user, reservation);
  return { user, reservation };
}

const listingPayload = (mewsReservationId: string, fields: Record<string, unknown> = {}) => ({
  mewsReservationId,
  listingPrice: 400,
  title: 'Double room with a river view',
  description: 'Two nights, breakfast included.',
  ...fields,
});

async function createListing(user: TestUser, mewsReservationId: string, fields: Record<string, unknown> = {}) {
  const reply = await post(server, '/api/listings', user, listingPayload(mewsReservationId, fields));
  if (reply.status !== 201) throw new Error(`create answered ${reply.status}: ${JSON.stringify(reply.body)}`);
  return reply.body.data.id as string;
}

const put = (user: TestUser | undefined, id: string, body: unknown) =>
  server.request(`/api/listings/${id}`, {
    method: 'PUT',
    headers: user?.headers ?? { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
const del = (user: TestUser | undefined, id: string) =>
  server.request(`/api/listings/${id}`, { method: 'DELETE', headers: user?.headers ?? {} });

describe('POST /api/reservations/find and GET /api/reservations/:userId', () => {
  it('answers the verified reservation as the hotel system has it now, with the price ceiling and the photos', async () => {
    const { user, reservation } = await verifiedSeller();
    server.pms.update(reservation.confirmationNumber, { roomName: 'Junior Suite, room 501' });
    const { status, body } = await post(server, '/api/reservations/find', user, {
      reservationId: reservation.confirmationNumber,
      userId: user.id,
    });
    expect(status).toBe(200);
    const found = foundReservationSchema.parse(body.data);
    expect(found.reservationDetails).toEqual({
      Id: reservation.externalId,
      Number: reservation.confirmationNumber,
      StartUtc: reservation.startUtc.toISOString(),
      EndUtc: reservation.endUtc.toISOString(),
      ResourceName: 'Junior Suite, room 501',
      State: 'confirmed',
    });
    expect(found.propertyInfo).toEqual({
      Name: 'Hotel Tejo',
      Address: { Line1: 'Rua Augusta 100', City: 'Lisbon', CountryCode: 'PT' },
      TimeZone: 'Europe/Lisbon',
    });
    // The sentence creating the listing refuses a higher price with, for the form to say while the seller types.
    expect(found.pricing).toEqual({
      amountPaid: 450,
      currency: 'EUR',
      maxPrice: 450,
      overCapMessage: 'The asking price can be at most €450, the price paid at the hotel.',
    });
    expect(found.imageOptions.length).toBeGreaterThan(3);
    expect(found.imageOptions.every((url) => url.startsWith('/images/listings/'))).toBe(true);
    expect(found.liveListingId).toBeNull();
    // By the hotel system's id too.
    expect((await post(server, '/api/reservations/find', user, { reservationId: reservation.externalId })).status).toBe(
      200,
    );
  });

  it("offers the room's own photos when the hotel system has them", async () => {
    const photos = ['https://images.example-hotel.com/room-1.jpg', 'https://images.example-hotel.com/room-2.jpg'];
    const { user, reservation } = await verifiedSeller({ roomImageUrls: photos });
    const { body } = await post(server, '/api/reservations/find', user, {
      reservationId: reservation.confirmationNumber,
    });
    expect(body.data.imageOptions).toEqual(photos);
  });

  it('answers 403 to anyone but the user who verified it, and 401 without a token', async () => {
    const { reservation } = await verifiedSeller();
    const stranger = await signedInUser();
    const other = await post(server, '/api/reservations/find', stranger, {
      reservationId: reservation.confirmationNumber,
    });
    expect(other.status).toBe(403);
    expect(other.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect(
      (await post(server, '/api/reservations/find', undefined, { reservationId: reservation.confirmationNumber }))
        .status,
    ).toBe(401);
    const claimed = await post(server, '/api/reservations/find', stranger, {
      reservationId: 'X',
      userId: 'someone-else',
    });
    expect(claimed.status).toBe(403);
  });

  it("lists the user's own verified reservations, and nobody else's", async () => {
    const { user, reservation } = await verifiedSeller();
    const mine = await server.request(`/api/reservations/${user.id}`, { headers: user.headers });
    expect(mine.status).toBe(200);
    expect(mine.body.data).toHaveLength(1);
    expect(verifiedReservationSchema.parse(mine.body.data[0])).toMatchObject({
      reservationId: reservation.confirmationNumber,
      externalId: reservation.externalId,
      hotelName: 'Hotel Tejo',
      city: 'Lisbon',
      liveListingId: null,
    });
    const stranger = await signedInUser();
    expect((await server.request(`/api/reservations/${user.id}`, { headers: stranger.headers })).status).toBe(403);
    expect((await server.request(`/api/reservations/${user.id}`)).status).toBe(401);
  });
});

describe('POST /api/listings', () => {
  it("lists a verified reservation with the hotel system's dates, position, currency and names", async () => {
    const { user, reservation } = await verifiedSeller();
    const id = await createListing(user, reservation.externalId, { imageUrl: undefined });
    const { status, body } = await server.request(`/api/listings/${id}`);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      id,
      title: 'Double room with a river view',
      price: 400,
      // What the hotel's system says the seller paid: the only former price buyers see.
      paid_price: 450,
      currency: 'EUR',
      status: 'active',
      user_id: user.id,
      hotel_name: 'Hotel Tejo',
      city: 'Lisbon',
      country: 'Portugal',
      latitude: 38.7107,
      longitude: -9.1366,
      start_utc: reservation.startUtc.toISOString(),
      end_utc: reservation.endUtc.toISOString(),
    });
    expect(body.data.image_url).toMatch(/^\/images\/listings\/.+\.svg$/);
    // The seller's profile exists for the listing to reference.
    expect(
      await server.database.db.selectFrom('profiles').select('id').where('id', '=', user.id).executeTakeFirst(),
    ).toBeDefined();
  });

  it('is found at once in search by its city and by a map box around it', async () => {
    const { user, reservation } = await verifiedSeller({
      hotel: {
        ...pmsReservation().hotel,
        name: 'Hotel Qorvexa',
        city: 'Qorvexa Bay',
        latitude: -33.9,
        longitude: 18.42,
      },
    });
    const id = await createListing(user, reservation.confirmationNumber, { city: undefined });
    const byCity = await server.request('/api/listings?location=qorvexa');
    expect(byCity.body.data.map((listing: { id: string }) => listing.id)).toEqual([id]);
    const byBox = await server.request('/api/listings?bounds=-34.5,18,-33.5,19');
    expect(byBox.body.data.map((listing: { id: string }) => listing.id)).toEqual([id]);
  });

  it('takes the dates and price currency from the reservation, never from the request', async () => {
    const { user, reservation } = await verifiedSeller();
    const id = await createListing(user, reservation.confirmationNumber, {
      start_utc: '2030-01-01',
      currency: 'USD',
      latitude: 1,
    });
    const { body } = await server.request(`/api/listings/${id}`);
    expect(body.data).toMatchObject({
      currency: 'EUR',
      start_utc: reservation.startUtc.toISOString(),
      latitude: 38.7107,
    });
  });

  it('refuses an asking price above the price paid, naming the ceiling', async () => {
    const { user, reservation } = await verifiedSeller();
    const { status, body } = await post(
      server,
      '/api/listings',
      user,
      listingPayload(reservation.confirmationNumber, { listingPrice: 450.01 }),
    );
    expect(status).toBe(400);
    expect(body).toMatchObject({
      code: 'VALIDATION_ERROR',
      error: 'The asking price can be at most €450, the price paid at the hotel.',
    });
    expect(
      (await post(server, '/api/listings', user, listingPayload(reservation.confirmationNumber, { listingPrice: 450 })))
        .status,
    ).toBe(201);
  });

  it.each([[0], [-5], [12.345], ['abc']])('refuses the price %s', async (listingPrice) => {
    const { user, reservation } = await verifiedSeller();
    const { status, body } = await post(
      server,
      '/api/listings',
      user,
      listingPayload(reservation.confirmationNumber, { listingPrice }),
    );
    expect(status).toBe(400);
    expect(body.details[0].field).toBe('listingPrice');
  });

  it('refuses a photo that was not offered for the reservation', async () => {
    const { user, reservation } = await verifiedSeller();
    const { status, body } = await post(
      server,
      '/api/listings',
      user,
      listingPayload(reservation.confirmationNumber, { imageUrl: 'https://evil.example/pic.jpg' }),
    );
    expect(status).toBe(400);
    expect(body.details[0].field).toBe('imageUrl');
    const found = await post(server, '/api/reservations/find', user, { reservationId: reservation.confirmationNumber });
    const chosen = found.body.data.imageOptions[2];
    const id = await createListing(user, reservation.confirmationNumber, { imageUrl: chosen });
    expect((await server.request(`/api/listings/${id}`)).body.data.image_url).toBe(chosen);
  });

  it('allows one live listing per reservation, even when two requests race', async () => {
    const { user, reservation } = await verifiedSeller();
    const replies = await Promise.all(
      [0, 1, 2].map(() => post(server, '/api/listings', user, listingPayload(reservation.confirmationNumber))),
    );
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 409, 409]);
    for (const reply of replies.filter((r) => r.status === 409))
      expect(reply.body.details).toEqual({ reason: 'already_listed' });
    const found = await post(server, '/api/reservations/find', user, { reservationId: reservation.confirmationNumber });
    expect(found.body.data.liveListingId).toBe(replies.find((reply) => reply.status === 201)!.body.data.id);
  });

  it('re-reads the hotel system: a reservation cancelled since verification cannot be listed', async () => {
    const { user, reservation } = await verifiedSeller();
    server.pms.update(reservation.confirmationNumber, { state: 'cancelled' });
    const { status, body } = await post(server, '/api/listings', user, listingPayload(reservation.confirmationNumber));
    expect(status).toBe(409);
    expect(body.details).toEqual({ reason: 'cancelled' });
  });

  it('is only for the user who verified the reservation', async () => {
    const { reservation } = await verifiedSeller();
    const stranger = await signedInUser();
    const other = await post(server, '/api/listings', stranger, listingPayload(reservation.confirmationNumber));
    expect(other.status).toBe(403);
    expect(other.body.code).toBe('FORBIDDEN');
    expect(
      (await post(server, '/api/listings', undefined, listingPayload(reservation.confirmationNumber))).status,
    ).toBe(401);
    const { user } = await verifiedSeller();
    expect(
      (
        await post(
          server,
          '/api/listings',
          user,
          listingPayload(reservation.confirmationNumber, { userId: stranger.id }),
        )
      ).status,
    ).toBe(403);
  });
});

describe('PUT and DELETE /api/listings/:id', () => {
  it('lets the owner change the text and price within the ceiling, and answers the listing', async () => {
    const { user, reservation } = await verifiedSeller();
    const id = await createListing(user, reservation.confirmationNumber);
    const { status, body } = await put(user, id, {
      title: 'Quiet double room',
      listingPrice: 380.5,
      description: '',
      location: 'Baixa',
    });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      id,
      title: 'Quiet double room',
      price: 380.5,
      paid_price: 450,
      description: null,
      location: 'Baixa',
    });
    const tooHigh = await put(user, id, { listingPrice: 451 });
    expect(tooHigh.status).toBe(400);
    expect(tooHigh.body.error).toBe('The asking price can be at most €450, the price paid at the hotel.');
    expect((await put(user, id, { imageUrl: 'https://evil.example/x.jpg' })).status).toBe(400);
    expect((await put(user, id, {})).status).toBe(400);
  });

  it('pauses (gone from search) and resumes a listing', async () => {
    const { user, reservation } = await verifiedSeller({ hotel: { ...pmsReservation().hotel, city: 'Vellmora' } });
    const id = await createListing(user, reservation.confirmationNumber, { city: undefined });
    const search = async () =>
      (await server.request('/api/listings?location=vellmora')).body.data.map((l: { id: string }) => l.id);
    expect((await put(user, id, { status: 'inactive' })).body.data.status).toBe('inactive');
    expect(await search()).toEqual([]);
    expect((await put(user, id, { status: 'active' })).body.data.status).toBe('active');
    expect(await search()).toEqual([id]);
  });

  it('answers 403 to another user, 401 without a token and 404 for an unknown listing', async () => {
    const { user, reservation } = await verifiedSeller();
    const id = await createListing(user, reservation.confirmationNumber);
    const stranger = await signedInUser();
    expect((await put(stranger, id, { title: 'Mine now' })).status).toBe(403);
    expect((await del(stranger, id)).status).toBe(403);
    expect((await put(undefined, id, { title: 'Mine now' })).status).toBe(401);
    expect((await del(undefined, id)).status).toBe(401);
    expect((await put(user, '3f1d7a52-0000-4000-8000-000000000000', { title: 'x' })).status).toBe(404);
    expect((await del(user, 'not-an-id')).status).toBe(404);
  });

  it('withdraws a listing, keeping the row, after which it cannot be changed and the reservation can be listed again', async () => {
    const { user, reservation } = await verifiedSeller();
    const id = await createListing(user, reservation.confirmationNumber);
    const withdrawn = await del(user, id);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.data).toMatchObject({ id, status: 'withdrawn' });
    const edit = await put(user, id, { title: 'Back again' });
    expect(edit.status).toBe(409);
    expect((await del(user, id)).status).toBe(409);
    expect(await createListing(user, reservation.confirmationNumber)).not.toBe(id);
  });

  it.each(['reserved', 'sold'] as const)('refuses to change or withdraw a %s listing', async (status) => {
    const { user, reservation } = await verifiedSeller();
    const id = await createListing(user, reservation.confirmationNumber);
    const buyer = await signedInUser();
    await server.database.db.insertInto('profiles').values({ id: buyer.id }).execute();
    await server.database.db
      .updateTable('listings')
      .set({ status, buyer_id: status === 'sold' ? buyer.id : null })
      .where('id', '=', id)
      .execute();
    expect((await put(user, id, { title: 'Changed' })).status).toBe(409);
    expect((await put(user, id, { status: 'inactive' })).status).toBe(409);
    const withdraw = await del(user, id);
    expect(withdraw.status).toBe(409);
    expect(withdraw.body).toMatchObject({ success: false, code: 'CONFLICT', details: { status } });
  });
});
