import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pmsReservation } from '../helpers/pms-double.ts';
import { lastCodeSentTo, post, signedInUser, startSellingServer, type SellingServer } from '../helpers/selling.ts';

const WRONG = 'That code is not right. Check the email and try again.';

let server: SellingServer;
beforeAll(async () => {
  server = await startSellingServer();
});
afterAll(() => server.close());

describe('code entries under any interleaving', () => {
  it('never count more than 5 wrong tries, never verify twice, and verify whenever a right code arrives before the lock', async () => {
    // Each run: one code, then batches of guesses sent at once (true: the right code, false: a wrong one).
    const batches = fc.array(fc.array(fc.boolean(), { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 4 });
    await fc.assert(
      fc.asyncProperty(batches, async (runs) => {
        await server.database.db.deleteFrom('rate_limits').execute();
        const user = await signedInUser();
        const reservation = server.pms.add(
          pmsReservation({ email: `${Math.random().toString(36).slice(2)}@example.com` }),
        );
        const email = reservation.guest.email!;
        await post(server, '/api/reservations/verify-combined', user, {
          confirmationNumber: reservation.confirmationNumber,
          email,
        });
        const code = (await lastCodeSentTo(server, email))!;
        const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');

        let verified = 0;
        let countedWrong = 0;
        for (const batch of runs) {
          const wrongBefore = countedWrong;
          const replies = await Promise.all(
            batch.map((right) =>
              post(server, '/api/reservations/verify-code', user, { email, code: right ? code : wrong }),
            ),
          );
          const successes = replies.filter((reply) => reply.status === 200).length;
          verified += successes;
          countedWrong += replies.filter((reply) => reply.body.error === WRONG).length;
          // A right code in a batch that starts unlocked and unverified cannot lose unless wrong tries lock it first.
          if (
            batch.includes(true) &&
            verified === successes &&
            wrongBefore + batch.filter((right) => !right).length < 5
          ) {
            expect(successes).toBe(1);
          }
        }
        expect(verified).toBeLessThanOrEqual(1);
        expect(countedWrong).toBeLessThanOrEqual(5);
        const row = await server.database.db
          .selectFrom('reservation_verifications')
          .select('attempts')
          .where('user_id', '=', user.id)
          .executeTakeFirstOrThrow();
        expect(row.attempts).toBe(countedWrong);
      }),
      { numRuns: 25 },
    );
  });
});
