import type { Kysely } from 'kysely';
import type { VerificationSent } from '../../contract/selling.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { AppError } from '../http/errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { LookupHint, Pms } from './pms/pms.ts';
import { liveListingIdOf, saveReservation } from './reservation-store.ts';
import { assertNoSaleUnderWay, holdsLiveProof } from './ownership-proof.ts';
import { assertTransferable } from './transferability.ts';
import { assertHotelAllows } from './hotel-allows.ts';
import { CODE_LIFETIME_MS, hashCode, newCode } from './verification-code.ts';
import { verificationEmail } from './verification-email.ts';

export interface RequestVerificationDependencies {
  db: Kysely<Database>;
  clock: Clock;
  pms: Pms;
  mailer: Mailer;
  /** The HMAC key codes are stored under. */
  codeKey: string;
}

/**
 * Codes sent for one reservation, or to one guest address, per hour, whoever asks. Per-user and per-address
 * limits cannot stop many accounts from each asking for a code and guessing at it, nor a guest's inbox from
 * being flooded; this bounds both (3 codes, 5 guesses each: at most 15 guesses an hour at one reservation).
 */
export const CODES_PER_RESERVATION_PER_HOUR = 3;
const HOUR_MS = 60 * 60_000;

export interface VerificationRequest {
  userId: string;
  confirmationNumber: string;
  email: string;
  /** The hotel the seller named, asked first. */
  hint?: LookupHint;
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
async function findByTypedNumber(db: Kysely<Database>, pms: Pms, typed: string, hint: LookupHint | undefined) {
  const number = typed.trim();
  const asTyped = await pms.findByConfirmationNumber(number, hint);
  const lookup =
    asTyped.kind === 'gone' && number.toUpperCase() !== number
      ? await pms.findByConfirmationNumber(number.toUpperCase(), hint)
      : asTyped;
  // The hotel that may hold it cannot be asked now: not "no such reservation", which would send the seller away.
  if (lookup.kind === 'unknown') throw await notAnswering(db, lookup.hotelKeys ?? [], hint);
  return lookup.kind === 'found' ? lookup.reservation : null;
}

/**
 * 503 naming the hotel whose system did not answer (the one the seller chose when it is among them), so the
 * seller knows it is that hotel, not Restay, and that trying again later helps. Retryable: nothing was stored.
 */
async function notAnswering(db: Kysely<Database>, hotelKeys: readonly string[], hint: LookupHint | undefined) {
  const keys = hint && hotelKeys.includes(hint.hotelKey) ? [hint.hotelKey] : hotelKeys;
  const named = keys.length
    ? await db.selectFrom('hotels').select(['token_key', 'name']).where('token_key', 'in', keys).execute()
    : [];
  const name = keys.map((key) => named.find((hotel) => hotel.token_key === key)?.name).find(Boolean) ?? 'The hotel';
  return new AppError('SERVICE_UNAVAILABLE', `${name}'s system is not answering; try again in a few minutes`, {
    reason: 'hotel_not_answering',
  });
}

/**
 * Step 1 of proving a reservation is yours: finds it in the hotel's system by confirmation number, checks the
 * email against the guest's, refuses what cannot be sold, stores the reservation and a fresh code (replacing
 * this user's earlier codes for it) and emails the code to the address on the reservation.
 */
export async function requestVerification(
  deps: RequestVerificationDependencies,
  request: VerificationRequest,
): Promise<VerificationSent> {
  const { db, clock, pms, mailer } = deps;
  const reservation = await findByTypedNumber(db, pms, request.confirmationNumber, request.hint);
  const guestEmail = reservation?.guest.email;
  const email = normaliseEmail(request.email);
  if (!reservation || !guestEmail || normaliseEmail(guestEmail) !== email) throw notFound();

  const now = clock();
  await assertNoSaleUnderWay(db, reservation.externalId);
  assertTransferable(reservation, now, await liveListingIdOf(db, reservation.externalId));
  await assertHotelAllows(db, reservation, now);
  // Proved already, in this browser or another: no new code to wait for (and none counted against the hour's).
  if (await holdsLiveProof(db, { userId: request.userId, externalId: reservation.externalId, guestEmail, now }))
    return { sent: true, otaRelay: false, alreadyProven: true };

  const code = newCode();
  const { salt, hash } = hashCode(deps.codeKey, code);
  await inTransaction(db, async (trx) => {
    // Saving locks the reservation's row until commit, so parallel requests are counted one after another.
    const stored = await saveReservation(trx, reservation);
    await assertCodeQuota(trx, { reservationId: stored.id, email }, now);
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
  return reservation.guest.isOtaRelay
    ? { sent: true, otaRelay: true, message: OTA_RELAY_MESSAGE, alreadyProven: false }
    : { sent: true, otaRelay: false, alreadyProven: false };
}

/** 429 once this reservation, or this guest address, has had its codes for the hour, saying when to ask again. */
async function assertCodeQuota(trx: Kysely<Database>, target: { reservationId: string; email: string }, now: Date) {
  const since = new Date(now.getTime() - HOUR_MS);
  const recent = await trx
    .selectFrom('reservation_verifications')
    .select('created_at')
    .where('created_at', '>', since)
    .where((eb) => eb.or([eb('reservation_id', '=', target.reservationId), eb('email', '=', target.email)]))
    .orderBy('created_at', 'desc')
    .limit(CODES_PER_RESERVATION_PER_HOUR)
    .execute();
  if (recent.length < CODES_PER_RESERVATION_PER_HOUR) return;
  const retryAt = new Date(recent.at(-1)!.created_at.getTime() + HOUR_MS);
  const retryAfterSeconds = Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000));
  const minutes = Math.ceil(retryAfterSeconds / 60);
  throw new AppError(
    'RATE_LIMITED',
    `Too many codes have been sent for this reservation. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    { retryAfterSeconds, retryAt: retryAt.toISOString() },
  );
}
