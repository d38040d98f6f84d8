import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { insertListing, insertProfile } from '../helpers/factories.ts';
import { pmsReservation } from '../helpers/pms-double.ts';
import { manualClock, post, signedInUser, startSellingServer, type SellingServer } from '../helpers/selling.ts';
import { expireStartedListings } from '../../server/listings/expire-listings.ts';
import { startSellingJobs } from '../../server/selling/jobs.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('expiring listings whose check-in has passed', () => {
  let server: SellingServer;
  const time = manualClock(new Date('2031-03-01T12:00:00Z'));
  beforeAll(async () => {
    server = await startSellingServer(time.clock);
  });
  afterAll(() => server.close());

  it('expires active and inactive listings once check-in has passed, leaving the rest, and is idempotent', async () => {
    const { db } = server.database;
    const seller = await insertProfile(db);
    const buyer = await insertProfile(db);
    const now = time.clock();
    const started = await insertListing(db, seller, { now, daysAhead: -0.5 });
    const pausedStarted = await insertListing(db, seller, { now, daysAhead: -1, status: 'inactive' });
    const startsNow = await insertListing(db, seller, { now, daysAhead: 0 });
    const ahead = await insertListing(db, seller, { now, daysAhead: 1 });
    const held = await insertListing(db, seller, { now, daysAhead: -0.5, status: 'reserved' });
    const sold = await insertListing(db, seller, { now, daysAhead: -2, status: 'sold', buyer_id: buyer });

    expect(await expireStartedListings({ db, clock: time.clock })).toBe(3);
    expect(await expireStartedListings({ db, clock: time.clock })).toBe(0);
    const statuses = Object.fromEntries(
      (await db.selectFrom('listings').select(['id', 'status']).execute()).map((row) => [row.id, row.status]),
    );
    expect(statuses).toMatchObject({
      [started]: 'expired',
      [pausedStarted]: 'expired',
      [startsNow]: 'expired',
      [ahead]: 'active',
      [held]: 'reserved',
      [sold]: 'sold',
    });

    time.advance(DAY);
    // Several instances sweeping at once still expire it once.
    const counts = await Promise.all([0, 1, 2].map(() => expireStartedListings({ db, clock: time.clock })));
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(
      (await db.selectFrom('listings').select('status').where('id', '=', ahead).executeTakeFirstOrThrow()).status,
    ).toBe('expired');
  });

  it('startSellingJobs sweeps at start and on its interval, and stops', async () => {
    const { db } = server.database;
    const seller = await insertProfile(db);
    const id = await insertListing(db, seller, { now: time.clock(), daysAhead: 0.01 });
    const stop = startSellingJobs({ db, clock: time.clock, logger: pino({ level: 'silent' }) }, 20);
    try {
      time.advance(HOUR);
      await expect
        .poll(
          async () =>
            (await db.selectFrom('listings').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status,
        )
        .toBe('expired');
    } finally {
      await stop();
    }
  });
});

describe('rate limits of code requests', () => {
  let server: SellingServer;
  beforeAll(async () => {
    server = await startSellingServer();
  });
  afterAll(() => server.close());

  const ask = async (user: Awaited<ReturnType<typeof signedInUser>>) => {
    const reservation = server.pms.add(pmsReservation({ email: `${Math.random().toString(36).slice(2)}@example.com` }));
    return post(server, '/api/reservations/verify-combined', user, {
      confirmationNumber: reservation.confirmationNumber,
      email: reservation.guest.email,
    });
  };

  it('allows 5 code requests per user per 10 minutes, then 429', async () => {
    const user = await signedInUser();
    for (let i = 0; i < 5; i++) expect((await ask(user)).status).toBe(200);
    const limited = await ask(user);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    // Another user is not held back by this one's count.
    expect((await ask(await signedInUser())).status).toBe(200);
  });

  it('allows 20 code requests per client address per 10 minutes, whatever the account', async () => {
    await server.database.db.deleteFrom('rate_limits').execute();
    for (let user = 0; user < 4; user++) {
      const signedIn = await signedInUser();
      for (let i = 0; i < 5; i++) expect((await ask(signedIn)).status).toBe(200);
    }
    const limited = await ask(await signedInUser());
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
  });
});
