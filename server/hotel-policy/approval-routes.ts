import { Router } from 'express';
import { rejectListingRequestSchema } from '../../contract/stay-approvals.ts';
import { signedInUser } from '../auth/claimed-user.ts';
import type { UserMiddleware } from '../auth/require-user.ts';
import { AppError } from '../http/errors.ts';
import { parseInput } from '../http/validation.ts';
import type { BuyingDeps } from '../payments/deps.ts';
import { roleAt } from '../hotels/membership.ts';
import { approvalsView } from './approval-queue.ts';
import { decideApproval } from './decide-approval.ts';

/**
 * A member of the hotel (admin or staff), else 403: a decision is about a stay, and anyone not working for this
 * hotel, another hotel's people and sellers included, may neither see its queue nor decide for it.
 */
async function memberOf(deps: BuyingDeps, userId: string, hotelId: unknown) {
  try {
    return await roleAt(deps.db, userId, hotelId);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND')
      throw new AppError('FORBIDDEN', 'Only the people of this hotel can see and decide its approvals.');
    throw error;
  }
}

/**
 * /api/hotels/:hotelId/stay-approvals...: the console's Approvals queue (ADR 0082). GET reads the stays waiting and
 * the decisions taken; POST .../:listingId/approve and .../reject decide one (404 for a listing not at this
 * hotel, 409 with nothing changed for one no longer waiting).
 */
export function hotelApprovalsRouter(deps: BuyingDeps, users: UserMiddleware): Router {
  const router = Router();
  router.use('/:hotelId/stay-approvals', users.requireUser);

  router.get('/:hotelId/stay-approvals', async (req, res) => {
    const { hotel } = await memberOf(deps, signedInUser(req).id, req.params.hotelId);
    res.json({ success: true, data: await approvalsView(deps, hotel) });
  });

  router.post('/:hotelId/stay-approvals/:listingId/approve', async (req, res) => {
    const user = signedInUser(req);
    const { hotel } = await memberOf(deps, user.id, req.params.hotelId);
    const decided = await decideApproval(deps, hotel.id, req.params.listingId, { decision: 'approved' }, user.id);
    res.json({ success: true, data: decided });
  });

  router.post('/:hotelId/stay-approvals/:listingId/reject', async (req, res) => {
    const user = signedInUser(req);
    const { hotel } = await memberOf(deps, user.id, req.params.hotelId);
    const body = parseInput(rejectListingRequestSchema, req.body);
    const decided = await decideApproval(
      deps,
      hotel.id,
      req.params.listingId,
      { decision: 'rejected', ...body },
      user.id,
    );
    res.json({ success: true, data: decided });
  });
  return router;
}
