import { OWNERSHIP_PROOF_LIFETIME_MS, PROVE_AGAIN_REASON } from '../../contract/selling.ts';
import { SALE_UNDER_WAY_STATES } from '../../contract/order-state.ts';
import type { Executor } from '../db/transaction.ts';
import { AppError } from '../http/errors.ts';
import { PROVIDER } from './reservation-store.ts';
import { alreadySold } from './transferability.ts';

const proveAgain = (message: string) => new AppError('FORBIDDEN', message, { reason: PROVE_AGAIN_REASON });

/**
 * Listing needs a proof that still holds: verified by this user within the proof's lifetime, not spent by a
 * transfer to a buyer, and for the guest email the hotel still has on the reservation. Otherwise 403: the
 * traveller proves it again with a new code (which goes to whoever the hotel names now).
 */
export async function assertLiveProof(
  db: Executor,
  proof: { userId: string; reservationId: string; guestEmail: string | null; now: Date },
) {
  const email = await liveProofEmail(db, proof);
  if (email === undefined) {
    throw proveAgain('Your proof that this reservation is yours has expired. Please prove it again with a new code.');
  }
  if (!proof.guestEmail || proof.guestEmail.trim().toLowerCase() !== email) {
    throw proveAgain(
      'The hotel no longer has the email address you verified on this reservation. Please prove it again with a new code.',
    );
  }
}

/**
 * Whether this user's proof of the reservation (named by the hotel system's id) still holds, as listing would
 * require it: so asking for a code again, from another browser, can skip the code.
 */
export async function holdsLiveProof(
  db: Executor,
  proof: { userId: string; externalId: string; guestEmail: string; now: Date },
): Promise<boolean> {
  const stored = await db
    .selectFrom('reservations')
    .select('id')
    .where('provider', '=', PROVIDER)
    .where('external_id', '=', proof.externalId)
    .executeTakeFirst();
  if (!stored) return false;
  const email = await liveProofEmail(db, { ...proof, reservationId: stored.id });
  return email === proof.guestEmail.trim().toLowerCase();
}

/** The email of this user's newest proof of the reservation that is within its lifetime and not spent. */
async function liveProofEmail(db: Executor, proof: { userId: string; reservationId: string; now: Date }) {
  const live = await db
    .selectFrom('reservation_verifications')
    .select('email')
    .where('user_id', '=', proof.userId)
    .where('reservation_id', '=', proof.reservationId)
    .where('verified_at', '>', new Date(proof.now.getTime() - OWNERSHIP_PROOF_LIFETIME_MS))
    .where('spent_at', 'is', null)
    .orderBy('verified_at', 'desc')
    .executeTakeFirst();
  return live?.email;
}

/** 409 `already_sold` while a sale of the reservation is paid or being handed over at the hotel. */
export async function assertNoSaleUnderWay(db: Executor, externalId: string) {
  const selling = await db
    .selectFrom('orders')
    .innerJoin('reservations', 'reservations.id', 'orders.reservation_id')
    .select('orders.id')
    .where('reservations.provider', '=', PROVIDER)
    .where('reservations.external_id', '=', externalId)
    .where('orders.state', 'in', SALE_UNDER_WAY_STATES)
    .executeTakeFirst();
  if (selling) throw alreadySold();
}
