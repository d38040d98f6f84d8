import { Router } from 'express';
import { publishPolicyRequestSchema, resaleSwitchRequestSchema } from '../../contract/resale-policy.ts';
import { AppError } from '../http/errors.ts';
import { signedInUser } from '../auth/claimed-user.ts';
import type { UserMiddleware } from '../auth/require-user.ts';
import { parseInput } from '../http/validation.ts';
import type { BuyingDeps } from '../payments/deps.ts';
import { roleAt } from '../hotels/membership.ts';
import { policyVersions, policyView } from './policy-views.ts';
import { publishPolicy, setResalePaused } from './publish-policy.ts';
import { hotelApprovalsRouter } from './approval-routes.ts';

/**
 * /api/hotels/:hotelId/policy...: the hotel console's resale policy. Its people read it (admin and staff); only
 * admins publish and pull the switch. Anyone else, another hotel's admin included, gets 404. The Approvals queue
 * (approval-routes.ts) is mounted with it.
 */
export function hotelPolicyRouter(deps: BuyingDeps, users: UserMiddleware): Router {
  const router = Router();
  router.use('/:hotelId/policy', users.requireUser);
  router.use(hotelApprovalsRouter(deps, users));

  router.get('/:hotelId/policy', async (req, res) => {
    const { hotel, role } = await roleAt(deps.db, signedInUser(req).id, req.params.hotelId);
    res.json({ success: true, data: await policyView(deps.db, hotel, role) });
  });

  router.get('/:hotelId/policy/versions', async (req, res) => {
    const { hotel } = await roleAt(deps.db, signedInUser(req).id, req.params.hotelId);
    res.json({ success: true, data: await policyVersions(deps.db, hotel.id) });
  });

  router.get('/:hotelId/policy/catalog', async (req, res) => {
    const { hotel } = await roleAt(deps.db, signedInUser(req).id, req.params.hotelId);
    const { token_key } = await deps.db
      .selectFrom('hotels')
      .select('token_key')
      .where('id', '=', hotel.id)
      .executeTakeFirstOrThrow();
    if (!deps.pms.readResaleCatalog)
      throw new AppError('UPSTREAM_ERROR', "The hotel's system does not list its rates and room types.");
    res.json({ success: true, data: await deps.pms.readResaleCatalog(token_key) });
  });

  router.put('/:hotelId/policy', async (req, res) => {
    const user = signedInUser(req);
    const { hotel } = await roleAt(deps.db, user.id, req.params.hotelId, 'admin');
    const { policy } = parseInput(publishPolicyRequestSchema, req.body);
    res.json({ success: true, data: await publishPolicy(deps, user.id, hotel.id, policy) });
  });

  for (const [action, paused] of [
    ['pause', true],
    ['resume', false],
  ] as const) {
    router.post(`/:hotelId/policy/${action}`, async (req, res) => {
      const user = signedInUser(req);
      const { hotel } = await roleAt(deps.db, user.id, req.params.hotelId, 'admin');
      parseInput(resaleSwitchRequestSchema, req.body);
      res.json({ success: true, data: await setResalePaused(deps, user.id, hotel.id, paused) });
    });
  }
  return router;
}
