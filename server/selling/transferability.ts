import type { TransferRefusal } from '../../contract/selling.ts';
import { AppError } from '../http/errors.ts';
import { countryName } from './country-name.ts';
import type { PmsReservation } from './pms/pms.ts';

const REFUSAL_MESSAGES: Record<TransferRefusal, string> = {
  cancelled: 'This reservation has been cancelled at the hotel, so it cannot be listed.',
  started: 'This stay has already started, so it can no longer be listed.',
  ended: 'This stay is already over, so it cannot be listed.',
  not_confirmed: 'The hotel has not confirmed this reservation yet, so it cannot be listed.',
  already_listed: 'This reservation is already listed on Restay.',
  already_sold:
    "This reservation has just been sold on Restay and is being put in the buyer's name, so it cannot be verified or listed.",
  ota_relay: "This reservation's email address belongs to the booking site, not to you.",
  price_unknown:
    "The hotel's system does not say what was paid for this reservation, so we cannot check the asking price " +
    'against it and it cannot be listed. Ask the hotel to record the payment on the reservation.',
  hotel_unknown: "The hotel's system does not give this hotel's city and country, so the stay cannot be listed yet.",
  // Never raised from here: the hotel's own sentences are (hotel-allows.ts); this is the catalogue's fallback.
  hotel_policy: "The hotel's resale policy does not allow this reservation to be resold.",
};

/**
 * Why this reservation may not be sold, or null when it may: only a confirmed reservation whose check-in is
 * still ahead, whose price paid and hotel address the hotel's system knows (no asking price goes unchecked,
 * no listing carries a place the hotel did not give), and that nobody has listed (live) yet. Asked before a
 * code is sent and again when listing.
 */
export function transferRefusal(
  reservation: PmsReservation,
  now: Date,
  liveListingId: string | null,
): TransferRefusal | null {
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
  if (reservation.amountPaidCents === null) return 'price_unknown';
  if (!reservation.hotel.city || !countryName(reservation.hotel.countryCode)) return 'hotel_unknown';
  if (liveListingId) return 'already_listed';
  return null;
}

/** 409 CONFLICT with `details.reason` when the reservation may not be sold. */
export function assertTransferable(reservation: PmsReservation, now: Date, liveListingId: string | null): void {
  const reason = transferRefusal(reservation, now, liveListingId);
  if (reason) throw new AppError('CONFLICT', REFUSAL_MESSAGES[reason], { reason });
}

export const alreadyListed = () =>
  new AppError('CONFLICT', REFUSAL_MESSAGES.already_listed, { reason: 'already_listed' });
export const alreadySold = () => new AppError('CONFLICT', REFUSAL_MESSAGES.already_sold, { reason: 'already_sold' });
