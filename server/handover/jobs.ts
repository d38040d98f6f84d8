import { z } from 'zod';
import { defineJobType } from '../jobs/job-type.ts';

const orderPayload = z.object({ orderId: z.uuid() });

/**
 * The handover's own durable jobs, keyed by order id (the hotel's changes by reservation); handlers in
 * register-jobs.ts, which also handles the transfer and the seller's refund email (ports in orders/sale-jobs.ts).
 */
export const HANDOVER_JOBS = {
  buyerInYourName: defineJobType('handover.buyer_in_your_name_email', orderPayload),
  sellerLeftYourName: defineJobType('handover.seller_left_your_name_email', orderPayload),
  /** A refund after the handover, by the hotel's answer (ADR 0075): the stay is the seller's again, or the buyer's. */
  sellerStayReturned: defineJobType('handover.seller_stay_returned_email', orderPayload),
  buyerStayReturned: defineJobType('handover.buyer_stay_returned_email', orderPayload),
  sellerStayKept: defineJobType('handover.seller_stay_kept_email', orderPayload),
  buyerStayKept: defineJobType('handover.buyer_stay_kept_email', orderPayload),
  /** Tell a seller the hotel's own change withdrew their listing; keyed by listing id. */
  sellerListingWithdrawn: defineJobType('handover.seller_listing_withdrawn_email', z.object({ listingId: z.uuid() })),
  /** Once a stay is in its buyer's name, each of its hotel's admins is told (hotel-admins-email.ts): one job fans out. */
  hotelAdminsEmail: defineJobType('handover.hotel_admins_email', orderPayload),
  /** One admin's email of that fan-out, keyed by order and admin, so a retry never writes to an admin twice. */
  hotelAdminEmail: defineJobType(
    'handover.hotel_admin_email',
    z.object({ orderId: z.uuid(), hotelId: z.uuid(), adminId: z.uuid() }),
  ),
  /** The note on the reservation at the hotel that it was transferred through Restay (transfer-note.ts). */
  transferNote: defineJobType('handover.transfer_note', orderPayload),
  /** Read a `transfer_unknown` order's reservation until it shows who the hotel names; keyed by order id. */
  confirmTransfer: defineJobType('handover.confirm_transfer', orderPayload, { urgent: true }),
  /** Re-read a reservation the hotel says changed (its webhook) and act on what it now holds. */
  hotelChange: defineJobType('handover.hotel_change', z.object({ reservationId: z.string().min(1).max(200) })),
  /** Learn which hotel holds reservations its webhook named, so importing one booked a moment ago asks it alone. */
  learnReservations: defineJobType(
    'handover.learn_reservations',
    z.object({
      enterpriseId: z.string().min(1).max(200),
      reservationIds: z.array(z.string().min(1).max(200)).max(1000),
    }),
  ),
} as const;
