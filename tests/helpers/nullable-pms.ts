import { upstreamError } from '../../server/selling/pms/mews-connector.ts';
import type { KnownHotel, LookupHint, Pms, PmsLookup, PmsReservation } from '../../server/selling/pms/pms.ts';

/** The reservation found, null when the hotels answered that it is gone; `unknown` fails as a 502 does. */
export function reservationOrNull(lookup: PmsLookup): PmsReservation | null {
  if (lookup.kind === 'unknown') throw upstreamError();
  return lookup.kind === 'found' ? lookup.reservation : null;
}

/**
 * The adapter read as the tests of its Mews calls read it: a reservation or null, an unknown answer as a 502.
 * The three answers themselves are tested in pms-lookup-answers.test.ts.
 */
export function nullablePms(pms: Pms) {
  return {
    ...pms,
    findByConfirmationNumber: async (number: string, hint?: LookupHint) =>
      reservationOrNull(await pms.findByConfirmationNumber(number, hint)),
    findByExternalId: async (externalId: string, hotel?: KnownHotel) =>
      reservationOrNull(await pms.findByExternalId(externalId, hotel)),
  };
}
