import type { Kysely } from 'kysely';
import type { FoundReservation } from '../../contract/selling.ts';
import { toMajor } from '../../contract/money.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { imageOptions } from './image-options.ts';
import { knownHotelOf, type Pms, type PmsReservation } from './pms/pms.ts';
import { upstreamError } from './pms/mews-connector.ts';
import { priceCap } from './pricing.ts';
import { hotelStanding } from '../resale-policy/standing.ts';
import { findVerifiedReservation, liveListingIdOf, saveReservation } from './reservation-store.ts';

export interface FindReservationDependencies {
  db: Kysely<Database>;
  pms: Pms;
  maxMarkupPercent: number;
}

export const notVerifiedByYou = () =>
  new AppError('FORBIDDEN', 'Only the person who verified this reservation with the emailed code can see or list it.');

export const goneFromPms = () => new AppError('NOT_FOUND', "The hotel's system no longer has this reservation.");

/**
 * The reservation this user verified (by confirmation number or PMS id), re-read from the hotel's system so
 * that the listing form starts from its current state; stored again with what was read.
 */
export async function readVerifiedReservation(
  deps: Pick<FindReservationDependencies, 'db' | 'pms'>,
  userId: string,
  reference: string,
) {
  const verified = await findVerifiedReservation(deps.db, userId, reference);
  if (!verified) throw notVerifiedByYou();
  const lookup = await deps.pms.findByExternalId(verified.external_id, knownHotelOf(verified));
  if (lookup.kind === 'unknown') throw upstreamError();
  if (lookup.kind === 'gone') throw goneFromPms();
  const stored = await saveReservation(deps.db, lookup.reservation);
  return { fresh: lookup.reservation, stored };
}

export async function findReservation(
  deps: FindReservationDependencies,
  userId: string,
  reference: string,
): Promise<FoundReservation> {
  const { fresh } = await readVerifiedReservation(deps, userId, reference);
  const standing = await hotelStanding(deps.db, { enterpriseId: fresh.hotel.enterpriseId }, fresh.hotel.name);
  const cap = priceCap(fresh, deps.maxMarkupPercent, standing);
  return describeReservation(fresh, cap, await liveListingIdOf(deps.db, fresh.externalId));
}

/** The reservation in the hotel system's field names, with what the listing form needs beside it. */
function describeReservation(
  reservation: PmsReservation,
  { ceiling, message }: { ceiling: number | null; message: string | null },
  liveListingId: string | null,
): FoundReservation {
  return {
    reservationDetails: {
      Id: reservation.externalId,
      Number: reservation.confirmationNumber,
      StartUtc: reservation.startUtc.toISOString(),
      EndUtc: reservation.endUtc.toISOString(),
      ResourceName: reservation.roomName,
      State: reservation.state,
    },
    propertyInfo: {
      Name: reservation.hotel.name,
      TimeZone: reservation.hotel.timeZone ?? 'UTC',
      Address: {
        Line1: reservation.hotel.addressLine,
        City: reservation.hotel.city,
        CountryCode: reservation.hotel.countryCode,
      },
    },
    pricing: {
      amountPaid: reservation.amountPaidCents === null ? null : toMajor(reservation.amountPaidCents),
      currency: reservation.currency,
      maxPrice: ceiling === null ? null : toMajor(ceiling),
      overCapMessage: message,
    },
    imageOptions: imageOptions({ ...reservation, countryCode: reservation.hotel.countryCode }),
    liveListingId,
  };
}
