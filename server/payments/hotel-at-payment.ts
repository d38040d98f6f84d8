import type { Executor } from '../db/transaction.ts';
import { STORED_FACT_COLUMNS, storedFacts } from '../resale-policy/facts.ts';
import type { PaymentMoment } from '../resale-policy/standing.ts';
import { policyVerdict, type PolicyReason } from '../resale-policy/verdict.ts';
import { lockedHotelStanding } from './hotel-check.ts';

/**
 * The hotel's reasons to refuse a held stay's sale as its rule stood when the buyer paid (`paidAt`, the
 * provider's time; ADR 0093): the verdict every step asks, of the stored reservation at the listing's price,
 * with the switch, the status and the live version as of that moment (hotelStanding). A pause, a suspension or a publish that
 * came before the payment refuses it; one that came after it does not, and that buyer keeps the stay. The
 * hotel's row is held FOR SHARE as the hold holds it, so a pause committing meanwhile is ordered before or after
 * this read, never beside it.
 */
export async function hotelRefusalsAtPayment(
  trx: Executor,
  listingId: string,
  moment: PaymentMoment,
): Promise<PolicyReason[]> {
  const stay = await trx
    .selectFrom('listings')
    .innerJoin('reservations', 'reservations.id', 'listings.reservation_id')
    .select(['listings.price_cents', 'listings.hotel_name', 'reservations.enterprise_id', ...STORED_FACT_COLUMNS])
    .select('reservations.hotel_name as reservation_hotel_name')
    .where('listings.id', '=', listingId)
    .executeTakeFirstOrThrow();
  const standing = await lockedHotelStanding(trx, stay, stay.reservation_hotel_name, moment);
  // The rule as it stood at the payment, the clock as it stood at the hold: a cut-off that passed while the buyer was
  // paying (the checkout lasts half an hour) does not undo a sale begun in time.
  return policyVerdict(standing, storedFacts(stay, stay.price_cents), moment.heldAt);
}
