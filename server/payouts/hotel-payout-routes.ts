import { Router } from 'express';
import { signedInUser } from '../auth/claimed-user.ts';
import type { UserMiddleware } from '../auth/require-user.ts';
import { roleAt } from '../hotels/membership.ts';
import type { PayoutDeps } from './deps.ts';
import { hotelPayouts, startHotelOnboarding } from './hotel-payout-accounts.ts';

/**
 * /api/hotels/:hotelId/payouts...: the console's Payouts. The hotel's people read what it is owed and was paid;
 * only its admins open the provider's onboarding. Anyone else gets 404, as on every hotel route.
 */
export function hotelPayoutsRouter(deps: PayoutDeps, users: UserMiddleware): Router {
  const router = Router();
  router.use('/:hotelId/payouts', users.requireUser);

  router.get('/:hotelId/payouts', async (req, res) => {
    const { hotel } = await roleAt(deps.db, signedInUser(req).id, req.params.hotelId);
    res.json({ success: true, data: await hotelPayouts(deps, hotel.id) });
  });

  router.post('/:hotelId/payouts/onboarding', async (req, res) => {
    const user = signedInUser(req);
    const { hotel } = await roleAt(deps.db, user.id, req.params.hotelId, 'admin');
    const url = await startHotelOnboarding(deps, { id: hotel.id, email: user.email ?? null }, req.get('origin'));
    res.json({ success: true, data: { url } });
  });
  return router;
}
