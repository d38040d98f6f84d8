import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireStartedListings } from '../../server/listings/expire-listings.ts';
import { HOLD_MS } from '../../server/payments/create-checkout.ts';
import { sweepLapsedHolds } from '../../server/payments/payment-jobs.ts';
import { CODE_LIFETIME_MS } from '../../server/selling/verification-code.ts';
import { checkoutBody, startBuyingServer, type BuyingFixture } from '../helpers/buying-fixture.ts';
import { insertListing } from '../helpers/factories.ts';
import { pmsReservation } from '../helpers/pms-double.ts';
import { post, signedInUser } from '../helpers/selling.ts';
import type { TestServer } from '../helpers/test-server.ts';

/**
 * Deadlines live in the database, not in a process: a code, a hold and a listing each end exactly at their
 * time on an instance started after they were made (the app is stopped and started again on the same
 * database, with the injected clock moved across the deadline).
 */
const CODE_KEY = 'a-code-key-of-this-deployment-kept-across-restarts';

describe('deadlines across a restart', () => {
  let fx: BuyingFixture;
  let restarted: TestServer | undefined;

  beforeAll(async () => {
    fx = await startBuyingServer();
  });
  afterAll(async () => {
    await restarted?.close();
    await fx.close();
  });

  /** The app started again on the same database, clock and outside services (the earlier one stays up). */
  async function restart(): Promise<TestServer> {
    await restarted?.close();
    // The code key is kept across restarts as a deployment keeps it (locally the data directory keeps its own).
    restarted = await fx.instance(fx.server.database, { CODE_HMAC_KEY: CODE_KEY });
    return restarted;
  }

  const codeSentTo = (email: string) => {
    const code = /code is (\d{6})/.exec(fx.mailer.sent.findLast((mail) => mail.to === email)?.text ?? '')?.[1];
    if (!code) throw new Error(`no code was sent to ${email}`);
    return code;
  };

  it('a code works until its last millisecond and not at its deadline', async () => {
    // Two travellers: a new code request replaces the same traveller's pending one.
    const users = [await signedInUser(), await signedInUser()];
    const [onTime, late] = ['on-time', 'late'].map((name) => {
      const reservation = pmsReservation({ now: fx.clock(), email: `${name}-${Date.now()}@example.com` });
      fx.pms.reservations.set(reservation.externalId, reservation);
      return reservation;
    });
    const before = await restart();
    const codes: string[] = [];
    for (const [index, reservation] of [onTime!, late!].entries()) {
      const { confirmationNumber, guest } = reservation;
      const sent = await post(before, '/api/reservations/verify-combined', users[index], {
        confirmationNumber,
        email: guest.email,
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      codes.push(codeSentTo(guest.email!));
    }

    const after = await restart();
    const enter = (index: number, email: string | null) =>
      post(after, '/api/reservations/verify-code', users[index], { email, code: codes[index] });
    fx.clock.advance(CODE_LIFETIME_MS - 1);
    const onTimeReply = await enter(0, onTime!.guest.email);
    expect(onTimeReply.status, JSON.stringify(onTimeReply.body)).toBe(200);
    fx.clock.advance(1);
    const atDeadline = await enter(1, late!.guest.email);
    expect(atDeadline.status).toBe(400);
    expect(atDeadline.body.error).toBe('This code has expired. Request a new one.');
  });

  it('a hold lapses exactly at its time and the restarted instance’s sweep gives the stay back', async () => {
    const seller = await fx.user();
    const buyer = await fx.user();
    const listingId = await fx.listStay(seller.id);
    const held = await fx.postJson('/api/payment/create-checkout-session', checkoutBody(listingId), buyer.auth);
    expect(held.status).toBe(200);

    const after = await restart();
    const deps = { ...fx.deps, db: after.database.db };
    fx.clock.advance(HOLD_MS - 1);
    expect(await sweepLapsedHolds(deps)).toBe(0);
    fx.clock.advance(1);
    expect(await sweepLapsedHolds(deps)).toBe(1);
    const listing = await after.request(`/api/listings/${listingId}`);
    expect(listing.body.data.status).toBe('active');
  });

  it('a listing expires exactly when its check-in comes', async () => {
    const seller = await fx.user();
    const listingId = await insertListing(fx.server.database.db, seller.id, { now: fx.clock(), daysAhead: 1 });
    const { start_utc } = await fx.server.database.db
      .selectFrom('listings')
      .select('start_utc')
      .where('id', '=', listingId)
      .executeTakeFirstOrThrow();
    const after = await restart();
    const status = async () => (await after.request(`/api/listings/${listingId}`)).body.data.status;
    fx.clock.advance(start_utc.getTime() - fx.clock().getTime() - 1);
    await expireStartedListings({ db: after.database.db, clock: fx.clock });
    expect(await status()).toBe('active');
    fx.clock.advance(1);
    await expireStartedListings({ db: after.database.db, clock: fx.clock });
    expect(await status()).toBe('expired');
  });
});
