import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertListing } from '../helpers/factories.ts';
import { pmsReservation } from '../helpers/pms-double.ts';
import {
  lastCodeSentTo,
  manualClock,
  post,
  signedInUser,
  startSellingServer,
  type SellingServer,
} from '../helpers/selling.ts';

const MINUTE = 60_000;
const NOT_FOUND_MESSAGE = 'We could not find a reservation with that confirmation number and email address.';

let server: SellingServer;
const time = manualClock(new Date('2031-03-01T12:00:00Z'));

beforeAll(async () => {
  server = await startSellingServer(time.clock);
});
afterAll(() => server.close());
// Counters of the rate limits are tested in their own file; here every test starts with none.
beforeEach(async () => {
  await server.database.db.deleteFrom('rate_limits').execute();
});

const mailsTo = (to: string) =>
  server.database.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).execute();

function newReservation(overrides: Parameters<typeof pmsReservation>[0] = {}) {
  return server.pms.add(
    pmsReservation({
      now: time.clock(),
      email: `guest-${Math.random().toString(36).slice(2)}@example.com`,
      ...overrides,
    }),
  );
}

describe('POST /api/reservations/verify-combined and verify-email', () => {
  it('emails a 6-digit code to the address on the reservation, naming the hotel, the dates and the expiry', async () => {
    const reservation = newReservation();
    const user = await signedInUser();
    const { status, body } = await post(server, '/api/reservations/verify-combined', user, {
      confirmationNumber: ` ${reservation.confirmationNumber} `,
      email: `  ${reservation.guest.email!.toUpperCase()} `,
      userId: user.id,
    });
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, data: { sent: true, otaRelay: false, alreadyProven: false } });
    const [mail] = await mailsTo(reservation.guest.email!);
    expect(mail!.subject).toBe('Your Restay verification code');
    expect(mail!.text_body).toMatch(/code is \d{6}/);
    expect(mail!.text_body).toContain('Hotel Tejo, Lisbon');
    expect(mail!.text_body).toContain(reservation.confirmationNumber);
    expect(mail!.text_body).toContain('expires in 10 minutes');
    expect(mail!.text_body).toContain("If this wasn't you, ignore this email");
    // Only a hash is kept.
    const row = await server.database.db
      .selectFrom('reservation_verifications')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    const code = await lastCodeSentTo(server, reservation.guest.email!);
    expect(JSON.stringify(row)).not.toContain(code);
    expect(row.expires_at.getTime() - time.clock().getTime()).toBe(10 * MINUTE);
  });

  it('finds a confirmation number typed in small letters (the hotel system matches exactly)', async () => {
    const reservation = newReservation({ confirmationNumber: `LIS-${Math.floor(Math.random() * 1e6)}` });
    const { status } = await post(server, '/api/reservations/verify-combined', await signedInUser(), {
      confirmationNumber: reservation.confirmationNumber.toLowerCase(),
      email: reservation.guest.email,
    });
    expect(status).toBe(200);
  });

  it('stores the imported reservation as the hotel system has it', async () => {
    const reservation = newReservation();
    await post(server, '/api/reservations/verify-email', await signedInUser(), {
      reservationId: reservation.confirmationNumber,
      userProvidedEmail: reservation.guest.email,
    });
    const stored = await server.database.db
      .selectFrom('reservations')
      .selectAll()
      .where('external_id', '=', reservation.externalId)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      provider: 'mews',
      confirmation_number: reservation.confirmationNumber,
      hotel_name: 'Hotel Tejo',
      address: 'Rua Augusta 100',
      city: 'Lisbon',
      country_code: 'PT',
      latitude: 38.7107,
      currency: 'EUR',
      amount_paid_cents: 45_000,
      guest_email: reservation.guest.email,
      state: 'confirmed',
      resource_name: 'Double Deluxe, room 204',
    });
    expect(stored.start_utc.toISOString()).toBe(reservation.startUtc.toISOString());
  });

  it('answers one and the same 404 for an unknown number and for a wrong email, and sends nothing', async () => {
    const reservation = newReservation();
    const user = await signedInUser();
    const unknown = await post(server, '/api/reservations/verify-combined', user, {
      confirmationNumber: 'NOPE-1',
      email: reservation.guest.email,
    });
    const wrongEmail = await post(server, '/api/reservations/verify-combined', user, {
      confirmationNumber: reservation.confirmationNumber,
      email: 'someone.else@example.com',
    });
    for (const reply of [unknown, wrongEmail]) {
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ success: false, error: NOT_FOUND_MESSAGE, code: 'NOT_FOUND' });
    }
    expect(await mailsTo(reservation.guest.email!)).toHaveLength(0);
    expect(await mailsTo('someone.else@example.com')).toHaveLength(0);
  });

  it.each([
    ['cancelled', { state: 'cancelled' as const }],
    ['started', { state: 'started' as const }],
    ['ended', { state: 'processed' as const }],
    ['not_confirmed', { state: 'optional' as const }],
    ['started', { daysAhead: -0.5 }],
  ])('refuses a reservation that cannot be sold (%s) with 409 before any code is sent', async (reason, overrides) => {
    const reservation = newReservation(overrides);
    const { status, body } = await post(server, '/api/reservations/verify-combined', await signedInUser(), {
      confirmationNumber: reservation.confirmationNumber,
      email: reservation.guest.email,
    });
    expect(status).toBe(409);
    expect(body).toMatchObject({ success: false, code: 'CONFLICT', details: { reason } });
    expect(body.error).toMatch(/cannot|can no longer/);
    expect(await mailsTo(reservation.guest.email!)).toHaveLength(0);
  });

  it('refuses a reservation somebody has already listed', async () => {
    const reservation = newReservation();
    const { db } = server.database;
    const seller = await signedInUser();
    await db.insertInto('profiles').values({ id: seller.id }).execute();
    const listingId = await insertListing(db, seller.id, { now: time.clock() });
    const listed = await db
      .selectFrom('listings')
      .select('reservation_id')
      .where('id', '=', listingId)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('reservations')
      .set({ provider: 'mews', external_id: reservation.externalId })
      .where('id', '=', listed.reservation_id)
      .execute();
    const { status, body } = await post(server, '/api/reservations/verify-combined', await signedInUser(), {
      confirmationNumber: reservation.confirmationNumber,
      email: reservation.guest.email,
    });
    expect(status).toBe(409);
    expect(body).toMatchObject({
      code: 'CONFLICT',
      details: { reason: 'already_listed' },
      error: 'This reservation is already listed on Restay.',
    });
  });

  it("still sends the code to a booking site's relay address, and says where to look for it", async () => {
    const reservation = newReservation({
      guest: { email: 'x7fk2@guest.booking.com', isOtaRelay: true, firstName: null, lastName: null },
    });
    const { status, body } = await post(server, '/api/reservations/verify-combined', await signedInUser(), {
      confirmationNumber: reservation.confirmationNumber,
      email: 'X7fk2@guest.booking.com',
    });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ sent: true, otaRelay: true });
    expect(body.data.message).toMatch(/relay address of the booking site/);
    expect(body.data.message).toMatch(/message centre/);
    expect(await mailsTo('x7fk2@guest.booking.com')).toHaveLength(1);
  });

  it('answers a retryable 503 when the hotel system does not answer', async () => {
    const reservation = newReservation();
    server.pms.failing = true;
    try {
      const { status, body } = await post(server, '/api/reservations/verify-combined', await signedInUser(), {
        confirmationNumber: reservation.confirmationNumber,
        email: reservation.guest.email,
      });
      expect(status).toBe(503);
      expect(body).toMatchObject({
        success: false,
        code: 'SERVICE_UNAVAILABLE',
        error: "The hotel's system is not answering; try again in a few minutes",
      });
    } finally {
      server.pms.failing = false;
    }
  });

  it('requires a signed-in user, and a claimed userId must be that user', async () => {
    const reservation = newReservation();
    const payload = { confirmationNumber: reservation.confirmationNumber, email: reservation.guest.email };
    const anonymous = await post(server, '/api/reservations/verify-combined', undefined, payload);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    const other = await signedInUser();
    const claimed = await post(server, '/api/reservations/verify-email', await signedInUser(), {
      reservationId: reservation.confirmationNumber,
      userProvidedEmail: reservation.guest.email,
      userId: other.id,
    });
    expect(claimed.status).toBe(403);
    expect(claimed.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect(
      (await post(server, '/api/reservations/verify-code', undefined, { email: 'a@example.com', code: '123456' }))
        .status,
    ).toBe(401);
    expect(await mailsTo(reservation.guest.email!)).toHaveLength(0);
  });

  it('answers 400 with the field for a malformed request', async () => {
    const { status, body } = await post(server, '/api/reservations/verify-combined', await signedInUser(), {
      confirmationNumber: '',
      email: 'nope',
    });
    expect(status).toBe(400);
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.details.map((problem: { field: string }) => problem.field).sort()).toEqual([
      'confirmationNumber',
      'email',
    ]);
  });
});

describe('POST /api/reservations/verify-code', () => {
  async function requestCode(user: Awaited<ReturnType<typeof signedInUser>>, reservation = newReservation()) {
    const email = reservation.guest.email!;
    const sent = await post(server, '/api/reservations/verify-combined', user, {
      confirmationNumber: reservation.confirmationNumber,
      email,
    });
    expect(sent.status).toBe(200);
    return { reservation, email, code: (await lastCodeSentTo(server, email))! };
  }
  const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  const enter = (user: Awaited<ReturnType<typeof signedInUser>>, email: string, code: string) =>
    post(server, '/api/reservations/verify-code', user, { email, code });

  it('verifies the right code once, records the owner, and refuses it the second time', async () => {
    const user = await signedInUser();
    const { reservation, email, code } = await requestCode(user);
    const first = await enter(user, email.toUpperCase(), code);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      success: true,
      data: { verified: true, reservationId: reservation.confirmationNumber },
    });
    const stored = await server.database.db
      .selectFrom('reservations')
      .select('owner_id')
      .where('external_id', '=', reservation.externalId)
      .executeTakeFirstOrThrow();
    expect(stored.owner_id).toBe(user.id);
    const again = await enter(user, email, code);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      success: false,
      code: 'VALIDATION_ERROR',
      error: 'This code has already been used. Request a new one.',
    });
  });

  it('counts wrong codes, locks after 5, and then refuses even the right code', async () => {
    const user = await signedInUser();
    const { email, code } = await requestCode(user);
    for (let left = 4; left >= 0; left--) {
      const wrong = await enter(user, email, otherCode(code));
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({
        code: 'VALIDATION_ERROR',
        error: 'That code is not right. Check the email and try again.',
        details: { attemptsLeft: left },
      });
    }
    const right = await enter(user, email, code);
    expect(right.status).toBe(400);
    expect(right.body.error).toBe('Too many wrong codes. Request a new one.');
  });

  it('refuses a code after its 10 minutes', async () => {
    const user = await signedInUser();
    const { email, code } = await requestCode(user);
    time.advance(10 * MINUTE);
    const late = await enter(user, email, code);
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject({ code: 'VALIDATION_ERROR', error: 'This code has expired. Request a new one.' });
  });

  it('accepts a code just before its 10 minutes are up', async () => {
    const user = await signedInUser();
    const { email, code } = await requestCode(user);
    time.advance(10 * MINUTE - 1_000);
    expect((await enter(user, email, code)).status).toBe(200);
  });

  it('replaces the earlier code when a new one is requested (and unlocks)', async () => {
    const user = await signedInUser();
    const reservation = newReservation();
    const first = await requestCode(user, reservation);
    for (let i = 0; i < 5; i++) await enter(user, first.email, otherCode(first.code));
    const second = await requestCode(user, reservation);
    if (second.code !== first.code) {
      const old = await enter(user, first.email, first.code);
      expect(old.status).toBe(400);
      expect(old.body.error).toBe('That code is not right. Check the email and try again.');
    }
    expect((await enter(user, second.email, second.code)).status).toBe(200);
  });

  it("does not accept another user's code", async () => {
    const owner = await signedInUser();
    const { email, code } = await requestCode(owner);
    const stranger = await signedInUser();
    const { status, body } = await enter(stranger, email, code);
    expect(status).toBe(400);
    expect(body.error).toBe('There is no code for that email address. Request a new one.');
  });

  it('never counts more than 5 wrong tries, however many arrive at once', async () => {
    const user = await signedInUser();
    const { email, code } = await requestCode(user);
    const replies = await Promise.all(Array.from({ length: 12 }, () => enter(user, email, otherCode(code))));
    const counted = replies.filter(
      (reply) => reply.body.error === 'That code is not right. Check the email and try again.',
    );
    expect(counted).toHaveLength(5);
    expect(counted.map((reply) => reply.body.details.attemptsLeft).sort()).toEqual([0, 1, 2, 3, 4]);
    const row = await server.database.db
      .selectFrom('reservation_verifications')
      .select('attempts')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
    expect((await enter(user, email, code)).status).toBe(400);
  });
});
