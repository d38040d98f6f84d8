import { z } from 'zod';
import { listingSchema } from './listing.ts';
import { ORDER_STATES, REFUND_REASONS, REVERSE_HANDOVER_STATES } from './order-state.ts';
import { payoutInfoSchema } from './payouts.ts';

/** One step of an order's history: the state it entered and when (ISO instant). Oldest first. */
export const orderStepSchema = z.object({ state: z.enum(ORDER_STATES), at: z.string() });
export type OrderStep = z.infer<typeof orderStepSchema>;

/**
 * The reservation as the hotel holds it once it is in the buyer's name. Dates are calendar days in the
 * hotel's time zone (`YYYY-MM-DD`), as the hotel and the guest read them.
 */
export const handoverSchema = z.object({
  confirmationNumber: z.string(),
  hotelName: z.string(),
  /** The hotel's street address, city and country on one line; null when the hotel's system gives none. */
  hotelAddress: z.string().nullable(),
  checkIn: z.string(),
  checkOut: z.string(),
  /** IANA zone of the hotel, e.g. `Europe/Prague`: the one the dates above are in. */
  timeZone: z.string(),
  /** The guest the reservation now names (the names the buyer gave at checkout). */
  guestName: z.string(),
  transferredAt: z.string(),
});
export type Handover = z.infer<typeof handoverSchema>;

/**
 * A transfer the hotel's system did not answer, waiting to be tried again: when it last failed, when it is tried
 * next, and when the last try runs, after which a transfer still failing refunds the buyer.
 */
export const transferRetrySchema = z.object({
  failedAt: z.string(),
  nextAttemptAt: z.string(),
  triesUntil: z.string(),
});
export type TransferRetry = z.infer<typeof transferRetrySchema>;

/** Why the money went (or is going) back, in a code and in the sentence people are shown. */
export const refundInfoSchema = z.object({
  reason: z.enum(REFUND_REASONS),
  message: z.string(),
  /** When the refund was decided; `refundedAt` once the provider confirmed it (null while pending). */
  requestedAt: z.string(),
  refundedAt: z.string().nullable(),
});
export type RefundInfo = z.infer<typeof refundInfoSchema>;

/**
 * A refund after the handover (ADR 0075): the hotel being asked to name the seller again (`pending`), the stay
 * back in the seller's name (`returned_to_seller`), or kept by the buyer (`kept_by_buyer`), and since when.
 */
export const reverseHandoverSchema = z.object({ state: z.enum(REVERSE_HANDOVER_STATES), at: z.string() });
export type ReverseHandoverInfo = z.infer<typeof reverseHandoverSchema>;

/**
 * A seller's sold listing: how the sale ended. `transferredAt` once the reservation left the seller's name;
 * `refund` when the buyer was (or is being) refunded instead; both null while the handover is under way.
 */
export const saleOutcomeSchema = z.object({
  orderId: z.string(),
  state: z.enum(ORDER_STATES),
  transferredAt: z.string().nullable(),
  refund: refundInfoSchema.nullable(),
  /** The seller's payout, once the stay is in the buyer's name. */
  payout: payoutInfoSchema.nullable(),
  /** Refunded after the handover: who holds the stay now. */
  reverseHandover: reverseHandoverSchema.nullable().default(null),
});
export type SaleOutcome = z.infer<typeof saleOutcomeSchema>;

/** How the hotel's own change ended a listing: what My Listings and the seller's email say happened. */
export const HOTEL_WITHDRAWALS = ['cancelled', 'not_confirmed', 'dates_changed', 'guest_changed'] as const;
export type HotelWithdrawal = (typeof HOTEL_WITHDRAWALS)[number];

/** Each hotel withdrawal in the seller's words. */
export const HOTEL_WITHDRAWAL_MESSAGES: Record<HotelWithdrawal, string> = {
  cancelled: 'The hotel cancelled this reservation, so we withdrew your listing.',
  not_confirmed: 'The hotel no longer shows this reservation as confirmed, so we withdrew your listing.',
  dates_changed:
    "The hotel changed this reservation's dates, so it can no longer be sold as listed and we withdrew it.",
  guest_changed:
    'The hotel changed the guest on this reservation, so it can no longer be sold as listed and we withdrew it.',
};

/**
 * GET /api/listings/user/:userId: the seller's own listings, each with its sale's outcome (null: never paid) and,
 * when the hotel's own change withdrew it, why in the seller's words (null otherwise).
 */
export const sellerListingSchema = listingSchema.extend({
  sale: saleOutcomeSchema.nullable(),
  withdrawnByHotel: z.string().nullable().default(null),
  /**
   * While the listing waits for its hotel's approval, "Waiting for <hotel> to approve. ..."; once the hotel
   * rejected it, why. Null otherwise (older servers leave it out).
   */
  hotelApprovalText: z.string().nullable().default(null),
  /** Why the hotel's resale policy paused this listing (it resumes by itself once the hotel allows it). */
  hotelPauseReason: z.string().nullable().default(null),
  /**
   * While the listing can be edited: the highest price it may ask (major units) and the server's sentence for a
   * higher one, so the edit form says it as the seller types; null with no ceiling known. Older servers leave it out.
   */
  priceCeiling: z.object({ maxPrice: z.number(), overCapMessage: z.string() }).nullable().default(null),
});
export type SellerListing = z.infer<typeof sellerListingSchema>;
