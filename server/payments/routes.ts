import { Router } from 'express';
import {
  cancelCheckoutRequestSchema,
  createCheckoutSessionRequestSchema,
  createSessionRequestSchema,
} from '../../contract/buying.ts';
import { byUser, databaseRateLimit } from '../http/rate-limit.ts';
import type { UserMiddleware } from '../auth/require-user.ts';
import { parseInput } from '../http/validation.ts';
import { cancelCheckout } from './cancel-checkout.ts';
import { cancelCheckoutOfListing } from './cancel-listing-checkout.ts';
import { createCheckout } from './create-checkout.ts';
import type { BuyingDeps } from './deps.ts';
import { getSessionStatus } from './session-status.ts';

/** Checkout sessions a buyer may open per 10 minutes: far above any real purchase, far below card testing. */
export const CHECKOUTS_PER_USER = 20;

/** /api/payment: checkout for signed-in buyers (the webhook is mounted apart, on the raw body). */
export function paymentRouter(deps: BuyingDeps & { users: UserMiddleware; checkoutsPerUser?: number }): Router {
  const { users, checkoutsPerUser = CHECKOUTS_PER_USER } = deps;
  const router = Router();
  router.use(users.requireUser);
  const checkoutLimit = databaseRateLimit(deps.db, {
    name: 'checkout',
    limit: checkoutsPerUser,
    windowMs: 10 * 60_000,
    message: 'Too many checkout attempts. Please wait a few minutes and try again.',
    key: byUser,
  });
  router.use(['/create-checkout-session', '/create-session'], checkoutLimit);

  router.post('/create-checkout-session', async (req, res) => {
    const body = parseInput(createCheckoutSessionRequestSchema, req.body, 'checkout');
    const data = await createCheckout(deps, req.user!, {
      listingId: body.listingId,
      claimedUserIds: [body.userId, body.user_id, body.buyer_id],
      amount: body.amount,
      successUrl: body.successUrl,
      cancelUrl: body.cancelUrl,
      guestFirstName: body.guestFirstName,
      guestLastName: body.guestLastName,
    });
    res.json({ success: true, data });
  });

  router.post('/create-session', async (req, res) => {
    const body = parseInput(createSessionRequestSchema, req.body, 'checkout');
    const data = await createCheckout(deps, req.user!, {
      listingId: body.listing_id,
      claimedUserIds: [body.user_id],
      successUrl: body.success_url,
      cancelUrl: body.cancel_url,
      guestFirstName: body.guestFirstName,
      guestLastName: body.guestLastName,
    });
    res.json({ success: true, data });
  });

  router.post('/cancel', async (req, res) => {
    const checkout = parseInput(cancelCheckoutRequestSchema, req.body, 'cancel');
    const data =
      'sessionId' in checkout
        ? await cancelCheckout(deps, req.user!, checkout.sessionId)
        : await cancelCheckoutOfListing(deps, req.user!, checkout.listingId);
    res.json({ success: true, data });
  });

  router.get('/session-status/:sessionId', async (req, res) => {
    res.json({ success: true, data: await getSessionStatus(deps, req.user!, req.params.sessionId) });
  });

  return router;
}
