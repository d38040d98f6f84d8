/**
 * How a transferred stay cancelled at the hotel before check-in, for a reason that is not the hotel's, reads in
 * its order's history (server/handover/parked-cancellations.ts writes it); `npm run orders -- parked` finds it.
 */
export const PARKED_REASON = 'parked for an operator: cancelled at the hotel before check-in, not by the hotel';
