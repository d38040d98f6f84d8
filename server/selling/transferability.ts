import type { TransferRefusal } from '../../contract/selling.ts';
import { AppError } from '../http/errors.ts';
import type { PmsReservation } from './pms/pms.ts';

const REFUSAL_MESSAGES: Record<TransferRefusal, string> = {
  cancelled: 'This reservation has been cancelled at the hotel, so it cannot be listed.',
  started: 'This stay has already started, so it can no longer be listed.',
  ended: 'This stay is already over, so it cannot be listed.',
  not_confirmed: 'The hotel has not confirmed this reservation yet, so it cannot be listed.',
  already_listed: 'This reservation is already listed on Restay.',
  ota_relay: "This reservation's email address belongs to the booking site, not to you.",
};

/**
 * Why this reservation may not be sold, or null when it may: only a confirmed reservation whose check-in is
 * still ahead and that nobody has listed (live) yet. Asked before a code is sent and again when listing.
 */
export function transferRefusal(reservation: PmsReservation, now: Date, liveListingId: string | null): TransferRefusal | null {
  switch (reservation.state) {
    case 'cancelled':
      return 'cancelled';
    case 'started':
      return 'started';
    case 'processed':
      return 'ended';
    case 'confirmed':
      break;
    default:
      return 'not_confirmed';
  }
  if (reservation.endUtc.getTime() <= now.getTime()) return 'ended';
  if (reservation.startUtc.getTime() <= now.getTime()) return 'started';
  if (liveListingId) return 'already_listed';
  return null;
}

/** 409 CONFLICT with `details.reason` when the reservation may not be sold. */
export function assertTransferable(reservation: PmsReservation, now: Date, liveListingId: string | null): void {
  const reason = transferRefusal(reservation, now, liveListingId);
  if (reason) throw new AppError('CONFLICT', REFUSAL_MESSAGES[reason], { reason });
}

export const alreadyListed = () => new AppError('CONFLICT', REFUSAL_MESSAGES.already_listed, { reason: 'already_listed' });
