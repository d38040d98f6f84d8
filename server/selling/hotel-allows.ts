import { hotelPolicyRefusal } from '../resale-policy/facts.ts';
import { hotelStanding, type HotelStandingRow } from '../resale-policy/standing.ts';
import { policyVerdict, type PolicyReason, type ResaleFacts } from '../resale-policy/verdict.ts';
import type { Executor } from '../db/transaction.ts';
import type { PmsReservation } from './pms/pms.ts';

/** What the hotel's policy reads of a reservation fresh from the hotel's system. */
export function pmsFacts(reservation: PmsReservation, askingPriceCents?: number): ResaleFacts {
  return {
    rateId: reservation.resale.rateId,
    roomTypeId: reservation.resale.roomTypeId,
    channels: reservation.resale.channels,
    startUtc: reservation.startUtc,
    endUtc: reservation.endUtc,
    timeZone: reservation.hotel.timeZone ?? 'UTC',
    currency: reservation.currency,
    amountPaidCents: reservation.amountPaidCents,
    askingPriceCents,
  };
}

/** The hotel's reasons against reselling this reservation (at this asking price, once there is one). */
export async function hotelReasons(
  db: Executor,
  reservation: PmsReservation,
  now: Date,
  askingPriceCents?: number,
): Promise<{ standing: HotelStandingRow; reasons: PolicyReason[] }> {
  const standing = await hotelStanding(db, { enterpriseId: reservation.hotel.enterpriseId }, reservation.hotel.name);
  return { standing, reasons: policyVerdict(standing, pmsFacts(reservation, askingPriceCents), now) };
}

/**
 * 409 `hotel_policy` with the hotel's sentences unless its live policy allows this resale; else the hotel's
 * standing, whose policy also says whether the hotel approves the listing first.
 */
export async function assertHotelAllows(
  db: Executor,
  reservation: PmsReservation,
  now: Date,
  askingPriceCents?: number,
): Promise<HotelStandingRow> {
  const { standing, reasons } = await hotelReasons(db, reservation, now, askingPriceCents);
  if (reasons.length) throw hotelPolicyRefusal(reasons);
  return standing;
}
