import { inTransaction } from '../db/transaction.ts';
import { AppError } from '../http/errors.ts';
import { hotelPolicyRefusal } from '../resale-policy/facts.ts';
import { pauseForHotel } from '../resale-policy/pause-listing.ts';
import { hotelReasons } from '../selling/hotel-allows.ts';
import type { PmsReservation } from '../selling/pms/pms.ts';
import type { BuyingDeps } from './deps.ts';

/**
 * A buyer cannot pay for a stay its hotel no longer allows to be resold (a rule changed, the cut-off came, the
 * hotel paused resale): the listing is paused with the hotel's reason for its seller, and the buyer gets 409
 * with the hotel's sentences. Read from the reservation as the hotel's system gives it now.
 */
export async function assertHotelStillAllows(
  deps: Pick<BuyingDeps, 'db' | 'clock'>,
  listing: { id: string; price_cents: number; hotel_pause_reason: string | null },
  reservation: PmsReservation,
): Promise<void> {
  const now = deps.clock();
  const { reasons } = await hotelReasons(deps.db, reservation, now, listing.price_cents);
  if (!reasons.length) return;
  await inTransaction(deps.db, (trx) => pauseForHotel(trx, { ...listing, status: 'active' }, reasons, now)).catch(
    (error: unknown) => {
      // Someone else moved the listing first (a hold, the seller): the buyer is refused all the same.
      if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error;
    },
  );
  throw hotelPolicyRefusal(reasons, 'This stay can no longer be bought.');
}
