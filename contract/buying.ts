import { z } from 'zod';
import { listingSchema } from './listing.ts';

/** Order states: a checkout and its outcome. Every change is kept with its time on the server. */
export const ORDER_STATES = ['open', 'paid', 'expired', 'cancelled', 'refunded'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

const claimedUserId = z.string().optional();
const url = z.string().trim().min(1).max(2_000);

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
});

/** POST /api/payment/create-session: the simple form. */
export const createSessionRequestSchema = z.object({
  listing_id: z.string().trim().min(1),
  user_id: claimedUserId,
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
   * `paid` once the sale is recorded; `refunded`, `expired` or `cancelled` once the checkout ended without a
   * sale; while the order is still open, the provider's session status (`open`, `complete`, `expired`).
   */
  status: z.string(),
  session: z.object({
    id: z.string(),
    payment_status: z.string(),
    metadata: z.object({ buyerId: z.string(), listingId: z.string(), orderId: z.string() }),
  }),
  orderState: z.enum(ORDER_STATES),
  listingId: z.string(),
});
export type SessionStatus = z.infer<typeof sessionStatusSchema>;

/** POST /api/payment/cancel: the buyer left the hosted checkout; the hold is released at once. */
export const cancelCheckoutRequestSchema = z.object({ sessionId: z.string().trim().min(1) });

/** POST /api/payment/cancel answers how the checkout ended (`paid` when the buyer had paid after all). */
export const cancelCheckoutResultSchema = z.object({ orderState: z.enum(ORDER_STATES), listingId: z.string() });
export type CancelCheckoutResult = z.infer<typeof cancelCheckoutResultSchema>;

/** GET /api/listings/purchased/:userId: a listing the user bought, with its order. */
export const purchasedStaySchema = listingSchema.extend({
  order: z.object({
    id: z.string(),
    state: z.enum(ORDER_STATES),
    amount: z.number(),
    currency: z.string(),
    paidAt: z.string().nullable(),
  }),
});
export type PurchasedStay = z.infer<typeof purchasedStaySchema>;
