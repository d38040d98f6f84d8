import { inTransaction } from '../db/transaction.ts';
import { PARKED_REASON } from '../orders/parked-cancellation.ts';
import type { BuyingDeps } from '../payments/deps.ts';
import type { PmsReservation } from '../selling/pms/pms.ts';

/**
 * Mews' cancellation reasons that say the hotel itself cancelled (it cannot provide the stay). Every other
 * reason (RequestedByGuest, RequestedByBooker, BookedElsewhere, ..., or none) may be the buyer's own
 * cancellation of a stay that is theirs: no refund of Restay's sale follows from it.
 */
const HOTELS_OWN_REASONS: ReadonlySet<string> = new Set(['ServiceNotAvailable', 'ForceMajeure']);

export function cancelledByHotel(reservation: PmsReservation | null): boolean {
  return HOTELS_OWN_REASONS.has(reservation?.cancellationReason ?? '');
}

/**
 * A transferred stay cancelled at the hotel before check-in for a reason that is not the hotel's: recorded in
 * the order's history (the order stays `transferred`, its payout held until check-in as before) and logged for
 * an operator, who asks the hotel and refunds with `npm run orders -- refund` if the hotel did cancel it.
 * Recorded once, however often the hotel's notice is read again.
 */
export async function parkCancelledStay(
  deps: Pick<BuyingDeps, 'db' | 'clock' | 'logger'>,
  orderId: string,
  cancellationReason: string | null,
) {
  const parked = await inTransaction(deps.db, async (trx) => {
    const already = await trx
      .selectFrom('order_events')
      .select('id')
      .where('order_id', '=', orderId)
      .where('reason', 'like', `${PARKED_REASON}%`)
      .executeTakeFirst();
    if (already) return false;
    await trx
      .insertInto('order_events')
      .values({
        order_id: orderId,
        from_state: 'transferred',
        to_state: 'transferred',
        reason: `${PARKED_REASON} (${cancellationReason ?? 'no reason given'})`,
        at: deps.clock(),
      })
      .execute();
    return true;
  });
  deps.logger.warn(
    { orderId, cancellationReason, alreadyParked: !parked },
    'a stay in the buyer’s name was cancelled at the hotel before check-in, not by the hotel: parked for an operator (npm run orders -- parked); nothing refunded',
  );
}
