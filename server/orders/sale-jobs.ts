import { z } from 'zod';
import { defineJobType } from '../jobs/job-type.ts';

const orderPayload = z.object({ orderId: z.uuid() });

/**
 * The ports of the buying core: the job kinds through which a lower layer starts work of a higher one without
 * importing it (payments -> handover -> payouts). The lower layer enqueues the kind in the transaction that decided
 * it; the higher layer registers the handler. Each is keyed by the order id, so deciding twice still does it once.
 */
export const SALE_JOBS = {
  /** Put the reservation in the buyer's name at the hotel (payments, on a paid sale; handled by handover). */
  transfer: defineJobType('handover.transfer', orderPayload, { urgent: true }),
  /**
   * Put a refunded stay that the hotel names the buyer for back in the seller's name (payments, on a refund after
   * the handover; handover, when a transfer lands after its refund; handled by handover). ADR 0075.
   */
  reverseHandover: defineJobType('handover.reverse_transfer', orderPayload, { urgent: true }),
  /** Tell the seller their sale was refunded (payments or handover end the sale; handled by handover). */
  sellerSaleRefunded: defineJobType('handover.seller_sale_refunded_email', orderPayload),
  /**
   * Settle a transferred sale and schedule the seller's payout (handover, when the hotel names the buyer; handled by
   * payouts). Does nothing for an order no longer `transferred`.
   */
  schedulePayout: defineJobType('payouts.schedule', orderPayload),
  /**
   * The hotel would not name the seller again, so the buyer keeps the stay: the seller is paid as for a sale that
   * stands (handover, on the reverse handover's outcome; handled by payouts).
   */
  payKeptSale: defineJobType('payouts.pay_kept_sale', orderPayload),
  /** Cancel a payout not yet sent, or take back one sent: the transferred stay was refunded (handled by payouts). */
  reversePayout: defineJobType('payouts.reverse', orderPayload),
  /** The same for the hotel's name-change fee of the order (handled by payouts). */
  reverseHotelFee: defineJobType('payouts.reverse_hotel_fee', orderPayload),
} as const;
