import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNERSHIP_PROOF_LIFETIME_MS } from '../../contract/selling.ts';
import { pmsReservation } from '../helpers/pms-double.ts';
import {
  manualClock,
  post,
  signedInUser,
  startSellingServer,
  verifyReservation,
  type SellingServer,
} from '../helpers/selling.ts';

let server: SellingServer;
const time = manualClock(new Date('2031-03-01T12:00:00Z'));

beforeAll(async () => {
  server = await startSellingServer(time.clock);
});
afterAll(() => server.close());

const payload = (mewsReservationId: string) => ({ mewsReservationId, listingPrice: 400, title: 'Double room' });

async function verified() {
  const user = await signedInUser();
  const reservation = server.pms.add(
    pmsReservation({ now: time.clock(), email: `guest-${Math.random().toString(36).slice(2)}@example.com` }),
  );
  await verifyReservation(server, user, reservation);
  return { user, reservation };
}

describe('a proof of ownership', () => {
  it('lets its user list for 24 hours, then asks them to prove it again', async () => {
    const { user, reservation } = await verified();
    time.advance(OWNERSHIP_PROOF_LIFETIME_MS + 1);
    const late = await post(server, '/api/listings', user, payload(reservation.confirmationNumber));
    expect(late.status).toBe(403);
    expect(late.body).toMatchObject({ code: 'FORBIDDEN', details: { reason: 'prove_again' } });
    expect(
      await server.database.db.selectFrom('listings').select('id').where('seller_id', '=', user.id).execute(),
    ).toEqual([]);
  });

  it('no longer holds once the hotel has another guest email on the reservation', async () => {
    const { user, reservation } = await verified();
    server.pms.update(reservation.confirmationNumber, {
      guest: { ...reservation.guest, email: 'someone.else@example.com' },
    });
    const reply = await post(server, '/api/listings', user, payload(reservation.confirmationNumber));
    expect(reply.status).toBe(403);
    expect(reply.body.details).toEqual({ reason: 'prove_again' });
    expect(reply.body.error).toContain('prove it again');
  });

  it('within its lifetime and for the same email, lists', async () => {
    const { user, reservation } = await verified();
    time.advance(OWNERSHIP_PROOF_LIFETIME_MS - 60_000);
    expect((await post(server, '/api/listings', user, payload(reservation.confirmationNumber))).status).toBe(201);
  });
});
