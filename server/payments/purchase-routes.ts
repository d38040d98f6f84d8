import { Router } from 'express';
import { z } from 'zod';
import { signedInUser } from '../auth/claimed-user.ts';
import type { UserMiddleware } from '../auth/require-user.ts';
import { parseInput } from '../http/validation.ts';
import { readPurchasedListing } from './purchased-listing.ts';
import type { BuyingDeps } from './deps.ts';
import { listPurchasedStays } from './purchased-stays.ts';
import { listSellerListings } from './seller-listings.ts';

const purchaseRequestSchema = z.object({ buyer_id: z.string().optional(), user_id: z.string().optional() });

/**
 * Buying's routes under /api/listings; mounted before the listings router so `purchased` and `user` are never
 * read as a listing id.
 */
export function purchaseRouter(deps: BuyingDeps & { users: UserMiddleware; maxMarkupPercent: number }): Router {
  const { users } = deps;
  const router = Router();

  router.use(['/purchased/:userId', '/user/:userId', '/:id/purchase'], users.requireUser);

  // A seller's own listings in every status, each with its sale's outcome; nobody else's.
  router.get('/user/:userId', async (req, res) => {
    const user = signedInUser(req, [req.params.userId], 'You can only see your own listings');
    res.json({ success: true, data: await listSellerListings(deps.db, user.id, deps.maxMarkupPercent) });
  });

  router.get('/purchased/:userId', async (req, res) => {
    res.json({ success: true, data: await listPurchasedStays(deps, req.user!, req.params.userId) });
  });

  router.patch('/:id/purchase', async (req, res) => {
    const body = parseInput(purchaseRequestSchema, req.body ?? {}, 'purchase');
    const listing = await readPurchasedListing(deps, req.user!, req.params.id, [body.buyer_id, body.user_id]);
    res.json({ success: true, data: listing });
  });

  return router;
}
