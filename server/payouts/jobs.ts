import { z } from 'zod';
import { defineJobType } from '../jobs/job-type.ts';

const orderPayload = z.object({ orderId: z.uuid() });

/**
 * The payouts' own durable jobs; handlers in register-jobs.ts, which also handles the ports the lower layers
 * enqueue (schedule, reverse, account changed: orders/sale-jobs.ts).
 */
export const PAYOUT_JOBS = {
  /**
   * Send a due payout. Keyed by the order id when the stay is transferred, and by order id and time when a
   * payout waiting for its account is due again: the handler acts only on a `scheduled` payout, so any extra
   * run does nothing.
   */
  send: defineJobType('payouts.send', orderPayload),
  /** Tell the seller a payout waits for their payout account. */
  waitingEmail: defineJobType('payouts.waiting_for_account_email', orderPayload),
  /** Tell the seller their stay, already the buyer's, was refunded, and what became of their payout. Once per order. */
  refundedSaleEmail: defineJobType('payouts.refunded_sale_email', orderPayload),
  /** Send a due hotel's name-change fee to its payout account (hotel-payouts.ts). */
  sendHotelFee: defineJobType('payouts.send_hotel_fee', orderPayload),
  /** Post a hotel's name-change fee to the reservation's bill at the hotel (post-hotel-fee.ts). */
  postHotelFee: defineJobType('payouts.post_hotel_fee_to_bill', orderPayload),
} as const;
