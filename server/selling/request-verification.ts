import type { Kysely } from 'kysely';
import type { VerificationSent } from '../../contract/selling.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { AppError } from '../http/errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Pms } from './pms/pms.ts';
import { liveListingIdOf, saveReservation } from './reservation-store.ts';
import { assertTransferable } from './transferability.ts';
import { CODE_LIFETIME_MS, hashCode, newCode } from './verification-code.ts';
import { verificationEmail } from './verification-email.ts';

export interface RequestVerificationDependencies {
  db: Kysely<Database>;
  clock: Clock;
  pms: Pms;
  mailer: Mailer;
}

export interface VerificationRequest {
  userId: string;
  confirmationNumber: string;
  email: string;
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** One answer for an unknown number and a wrong email, so the API cannot be used to test which numbers exist. */
const notFound = () =>
  new AppError('NOT_FOUND', 'We could not find a reservation with that confirmation number and email address.');

const OTA_RELAY_MESSAGE =
  'We sent the code to the address the hotel has on this reservation, which is a relay address of the booking ' +
  "site you booked through. Look for the email in that site's message centre, or ask the hotel to put your own " +
  'email address on the reservation and try again.';

/**
 * Hotels' systems match confirmation numbers exactly, and people type them as they read them: as typed first,
 * then in capitals (confirmation letters are printed in capitals), so "lis-48213" finds LIS-48213.
 */
async function findByTypedNumber(pms: Pms, typed: string) {
  const number = typed.trim();
  const found = await pms.findByConfirmationNumber(number);
  if (found || number.toUpperCase() === number) return found;
  return pms.findByConfirmationNumber(number.toUpperCase());
}

/**
 * Step 1 of proving a reservation is yours: finds it in the hotel's system by confirmation number, checks the
 * email against the guest's, refuses what cannot be sold, stores the reservation and a fresh code (replacing
 * this user's earlier codes for it) and emails the code to the address on the reservation.
 */
export async function requestVerification(deps: RequestVerificationDependencies, request: VerificationRequest): Promise<VerificationSent> {
  const { db, clock, pms, mailer } = deps;
  const reservation = await findByTypedNumber(pms, request.confirmationNumber);
  const guestEmail = reservation?.guest.email;
  const email = normaliseEmail(request.email);
  if (!reservation || !guestEmail || normaliseEmail(guestEmail) !== email) throw notFound();

  const now = clock();
  assertTransferable(reservation, now, await liveListingIdOf(db, reservation.externalId));

  const code = newCode();
  const { salt, hash } = hashCode(code);
  await inTransaction(db, async (trx) => {
    const stored = await saveReservation(trx, reservation);
    await trx
      .updateTable('reservation_verifications')
      .set({ replaced_at: now })
      .where('user_id', '=', request.userId)
      .where('reservation_id', '=', stored.id)
      .where('verified_at', 'is', null)
      .where('replaced_at', 'is', null)
      .execute();
    await trx
      .insertInto('reservation_verifications')
      .values({
        user_id: request.userId,
        reservation_id: stored.id,
        email,
        code_salt: salt,
        code_hash: hash,
        created_at: now,
        expires_at: new Date(now.getTime() + CODE_LIFETIME_MS),
      })
      .execute();
  });

  // After commit: the code is valid only once it is stored. If the email fails, asking again sends a new one.
  try {
    await mailer.send(verificationEmail(guestEmail, code, reservation));
  } catch {
    throw new AppError('UPSTREAM_ERROR', 'We could not send the verification email. Please try again in a moment.');
  }
  return reservation.guest.isOtaRelay ? { sent: true, otaRelay: true, message: OTA_RELAY_MESSAGE } : { sent: true, otaRelay: false };
}
