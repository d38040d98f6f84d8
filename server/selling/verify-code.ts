import { sql, type Kysely } from 'kysely';
import { ensureProfile } from '../accounts/ensure-profile.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { AppError } from '../http/errors.ts';
import { normaliseEmail } from './request-verification.ts';
import { codeMatches, MAX_CODE_ATTEMPTS } from './verification-code.ts';

export interface VerifyCodeDependencies {
  db: Kysely<Database>;
  clock: Clock;
  /** The HMAC key codes are stored under. */
  codeKey: string;
}

export interface CodeAttempt {
  user: { id: string; email: string | undefined };
  email: string;
  code: string;
}

const refused = (message: string, details?: unknown) => new AppError('VALIDATION_ERROR', message, details);

/**
 * Step 2: checks the code of this user's newest code request for that email address. A right code marks the
 * request verified (once) and records the user as the reservation's owner; a wrong one counts against the
 * request. Every count is one guarded statement, so parallel guesses can never exceed MAX_CODE_ATTEMPTS.
 */
export async function verifyCode(deps: VerifyCodeDependencies, attempt: CodeAttempt) {
  const { db, clock } = deps;
  const now = clock();
  const pending = await db
    .selectFrom('reservation_verifications as v')
    .innerJoin('reservations as r', 'r.id', 'v.reservation_id')
    .select([
      'v.id',
      'v.code_salt',
      'v.code_hash',
      'v.attempts',
      'v.expires_at',
      'v.verified_at',
      'v.reservation_id',
      'r.confirmation_number',
    ])
    .where('v.user_id', '=', attempt.user.id)
    .where('v.email', '=', normaliseEmail(attempt.email))
    .where('v.replaced_at', 'is', null)
    .orderBy('v.created_at', 'desc')
    .orderBy('v.id', 'desc')
    .executeTakeFirst();
  if (!pending) throw refused('There is no code for that email address. Request a new one.');
  if (pending.verified_at) throw refused('This code has already been used. Request a new one.');
  if (pending.attempts >= MAX_CODE_ATTEMPTS) throw refused('Too many wrong codes. Request a new one.');
  if (pending.expires_at.getTime() <= now.getTime()) throw refused('This code has expired. Request a new one.');

  if (!codeMatches(deps.codeKey, attempt.code, pending.code_salt, pending.code_hash)) {
    const counted = await db
      .updateTable('reservation_verifications')
      .set({ attempts: sql<number>`attempts + 1` })
      .where('id', '=', pending.id)
      .where('attempts', '<', MAX_CODE_ATTEMPTS)
      .where('verified_at', 'is', null)
      .returning('attempts')
      .executeTakeFirst();
    if (!counted) throw refused('Too many wrong codes. Request a new one.');
    const attemptsLeft = MAX_CODE_ATTEMPTS - counted.attempts;
    throw refused('That code is not right. Check the email and try again.', { attemptsLeft });
  }

  await inTransaction(db, async (trx) => {
    // Guarded like the count: of two parallel right answers, or a right one racing the fifth wrong one, only
    // a request that is still open may be used.
    const used = await trx
      .updateTable('reservation_verifications')
      .set({ verified_at: now })
      .where('id', '=', pending.id)
      .where('verified_at', 'is', null)
      .where('replaced_at', 'is', null)
      .where('attempts', '<', MAX_CODE_ATTEMPTS)
      .where('expires_at', '>', now)
      .returning('id')
      .executeTakeFirst();
    if (!used) throw refused('This code can no longer be used. Request a new one.');
    // The owner column references profiles: the server makes sure the verified user has one.
    await ensureProfile(trx, attempt.user);
    await trx
      .updateTable('reservations')
      .set({ owner_id: attempt.user.id })
      .where('id', '=', pending.reservation_id)
      .execute();
  });
  return { verified: true as const, reservationId: pending.confirmation_number };
}
