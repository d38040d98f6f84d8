import { z } from 'zod';
import { GUEST_NAME_MAX } from './constants.ts';
import {
  handoverSchema,
  orderStepSchema,
  refundInfoSchema,
  reverseHandoverSchema,
  transferRetrySchema,
} from './handover.ts';
import { listingSchema } from './listing.ts';
import { ORDER_STATES } from './order-state.ts';

export { ORDER_STATES, type OrderState } from './order-state.ts';

const claimedUserId = z.string().optional();
const url = z.string().trim().min(1).max(2_000);

const CONTROL_CHARACTERS = /\p{Cc}/u;
/**
 * A name as on the buyer's ID: the hotel puts the reservation under it. Optional on the wire for older clients;
 * the server then takes the buyer's profile name and refuses (400) when it has none.
 */
const guestName = (which: 'first' | 'last') =>
  z
    .string()
    .trim()
    .min(1, `Please enter your ${which} name as on your ID.`)
    .max(GUEST_NAME_MAX, `Your ${which} name can be at most ${GUEST_NAME_MAX} characters.`)
    .refine(
      (name) => /\p{L}/u.test(name) && !CONTROL_CHARACTERS.test(name),
      `Please enter your ${which} name as on your ID.`,
    )
    .optional();

/**
 * POST /api/payment/create-checkout-session. `amount` is what the browser showed (major units): the server
 * charges the database price and refuses with 409 when the two differ. Ids other than the listing's are
 * accepted for compatibility but must name the signed-in user.
 */
export const createCheckoutSessionRequestSchema = z.object({
  listingId: z.string().trim().min(1),
  amount: z.coerce.number().positive().optional(),
  reservationId: z.string().optional(),
  userId: claimedUserId,
  buyer_id: claimedUserId,
  user_id: claimedUserId,
  title: z.string().max(300).optional(),
  description: z.string().max(1_000).optional(),
  successUrl: url,
  cancelUrl: url,
  guestFirstName: guestName('first'),
  guestLastName: guestName('last'),
});

/** POST /api/payment/create-session: the simple form. */
export const createSessionRequestSchema = z.object({
  listing_id: z.string().trim().min(1),
  user_id: claimedUserId,
  guestFirstName: guestName('first'),
  guestLastName: guestName('last'),
  success_url: url,
  cancel_url: url,
});

/** Both create calls answer this: the hosted checkout to send the browser to. */
export const checkoutSessionResultSchema = z.object({
  url: z.string(),
  sessionId: z.string(),
  orderId: z.string(),
  expiresAt: z.string(),
});
export type CheckoutSessionResult = z.infer<typeof checkoutSessionResultSchema>;

/** 409 CONFLICT details when someone else is paying for the stay. */
export const heldDetailsSchema = z.object({ reason: z.literal('held'), holdExpiresAt: z.string() });

/** GET /api/payment/session-status/:sessionId (the buyer only). */
export const sessionStatusSchema = z.object({
  /**
   * The order's state once the payment is recorded or the checkout ended (`paid`, `transferring`,
   * `transfer_unknown`, `transferred`, `transfer_failed`, `refund_pending`, `refunded`, `expired`, `cancelled`); while the order is
   * still open, the provider's session status (`open`, `complete`, `expired`).
   */
  status: z.string(),
  session: z.object({
    id: z.string(),
    payment_status: z.string(),
    metadata: z.object({ buyerId: z.string(), listingId: z.string(), orderId: z.string() }),
  }),
  orderState: z.enum(ORDER_STATES),
  listingId: z.string(),
  /** Why the payment is being (or was) refunded; null unless the order is on its way to `refunded`. */
  refund: refundInfoSchema.nullable(),
});
export type SessionStatus = z.infer<typeof sessionStatusSchema>;

/**
 * POST /api/payment/cancel: the buyer left the hosted checkout; the hold is released at once. The checkout is
 * named by its session, or by the stay (the caller's own open checkout of that listing), for a tab or device
 * that kept no session id.
 */
export const cancelCheckoutRequestSchema = z.union([
  z.object({ sessionId: z.string().trim().min(1) }),
  z.object({ listingId: z.string().trim().min(1) }),
]);
export type CancelCheckoutRequest = z.infer<typeof cancelCheckoutRequestSchema>;

/** POST /api/payment/cancel answers how the checkout ended (`paid` when the buyer had paid after all). */
export const cancelCheckoutResultSchema = z.object({ orderState: z.enum(ORDER_STATES), listingId: z.string() });
export type CancelCheckoutResult = z.infer<typeof cancelCheckoutResultSchema>;

/**
 * GET /api/listings/purchased/:userId: a listing the user paid for, with its order: the order's timeline
 * (every state it entered, oldest first), the hotel's details once the stay is in the buyer's name, and why the
 * payment is being refunded when it is.
 */
export const purchasedStaySchema = listingSchema.extend({
  order: z.object({
    id: z.string(),
    state: z.enum(ORDER_STATES),
    amount: z.number(),
    currency: z.string(),
    paidAt: z.string().nullable(),
    timeline: z.array(orderStepSchema),
    handover: handoverSchema.nullable(),
    refund: refundInfoSchema.nullable(),
    /** Set while the hotel's system does not answer and the transfer waits to be tried again. */
    transferRetry: transferRetrySchema.nullable().default(null),
    /** Refunded after the handover: whether the stay went back to the seller or stays the buyer's. */
    reverseHandover: reverseHandoverSchema.nullable().default(null),
  }),
});
export type PurchasedStay = z.infer<typeof purchasedStaySchema>;
