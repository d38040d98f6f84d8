import { Router } from 'express';
import { z } from 'zod';
import type { UserMiddleware } from '../http/require-user.ts';
import { parseInput } from '../http/validation.ts';
import { confirmPurchase } from './confirm-purchase.ts';
import type { BuyingDeps } from './deps.ts';
import { listPurchasedStays } from './purchased-stays.ts';

const purchaseRequestSchema = z.object({ buyer_id: z.string().optional(), user_id: z.string().optional() });

/** Buying's routes under /api/listings; mounted before the listings router so `purchased` is never an id. */
export function purchaseRouter(deps: BuyingDeps, users: UserMiddleware): Router {
  const router = Router();

  router.use(['/purchased/:userId', '/:id/purchase'], users.requireUser);

  router.get('/purchased/:userId', async (req, res) => {
    res.json({ success: true, data: await listPurchasedStays(deps, req.user!, req.params.userId) });
  });

  router.patch('/:id/purchase', async (req, res) => {
    const body = parseInput(purchaseRequestSchema, req.body ?? {}, 'purchase');
    const listing = await confirmPurchase(deps, req.user!, req.params.id, [body.buyer_id, body.user_id]);
    res.json({ success: true, data: listing });
  });

  return router;
}
