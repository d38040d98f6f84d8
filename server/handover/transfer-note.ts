import type { BuyingDeps } from '../payments/deps.ts';
import { knownHotelOf } from '../selling/pms/pms.ts';
import { pmsWriteJobError } from '../selling/pms/pms-write-job-error.ts';

/** The note's text: whom the stay went to and our order, so the hotel's own record says what happened. */
export const transferNoteText = (buyerName: string, orderId: string) =>
  `Transferred to ${buyerName} through Restay, order ${orderId}`;

/**
 * After a transfer, a note on the reservation at the hotel (Mews serviceOrderNotes/add). Run by a job after the
 * sale is done, so a hotel that refuses it (the call not granted) or does not answer never holds back the sale
 * or the payout: an outage is retried, a refusal fails the job for an operator. A note added twice (a reply
 * lost after the hotel saved it) says the same twice, which is harmless.
 */
export async function addTransferNote(deps: BuyingDeps, orderId: string): Promise<void> {
  const order = await deps.db
    .selectFrom('orders')
    .innerJoin('reservations', 'reservations.id', 'orders.reservation_id')
    .select([
      'orders.guest_first_name',
      'orders.guest_last_name',
      'orders.transferred_at',
      'reservations.external_id',
      'reservations.enterprise_id',
    ])
    .where('orders.id', '=', orderId)
    .executeTakeFirst();
  if (!order?.transferred_at || !deps.pms.addReservationNote) return;
  const hotel = knownHotelOf(order);
  if (!hotel) return;
  const buyer = [order.guest_first_name, order.guest_last_name].filter(Boolean).join(' ') || 'the buyer';
  await deps.pms.addReservationNote(hotel, order.external_id, transferNoteText(buyer, orderId)).catch(pmsWriteJobError);
}
