import { Router } from 'express';
import { hotelReportQuerySchema } from '../../contract/hotel-report.ts';
import { hotelStaysQuerySchema } from '../../contract/hotel-stays.ts';
import {
  approvalParamsSchema,
  claimHotelBodySchema,
  hotelIdParamsSchema,
  inviteMemberBodySchema,
  removeMemberParamsSchema,
} from '../../contract/hotels.ts';
import { signedInUser } from '../auth/claimed-user.ts';
import type { UserMiddleware } from '../auth/require-user.ts';
import { parseInput } from '../http/validation.ts';
import { approveChainClaim, chainApprovals } from './chain-approvals.ts';
import { claimHotel, previewClaim } from './claim.ts';
import type { HotelDeps } from './deps.ts';
import { hotelDemand } from './hotel-demand.ts';
import { hotelLately } from './hotel-lately.ts';
import { hotelReport } from './hotel-report.ts';
import { hotelTransfersCsv } from './hotel-report-csv.ts';
import { hotelStays } from './hotel-stays.ts';
import { hotelMembers, hotelOverview, inviteMember, myHotels, removeMember, withdrawInvite } from './members.ts';

/**
 * /api/hotels: the hotel console's API. Every route but a link's preview needs a signed-in person; a hotel's routes need them to be
 * its member (403 otherwise), and its writes an admin. A hotel's access token is never part of a reply.
 */
export function hotelsRouter(deps: HotelDeps & { users: UserMiddleware }): Router {
  const router = Router();
  // The one route for someone signed out: a link's hotel, so they know what they sign in for.
  router.post('/claim/preview', async (req, res) => {
    const { token } = parseInput(claimHotelBodySchema, req.body);
    res.json({ success: true, data: await previewClaim(deps, token) });
  });
  router.use(deps.users.requireUser);
  const hotelId = (params: unknown) => parseInput(hotelIdParamsSchema, params, 'hotelId').hotelId;

  router.get('/', async (req, res) => {
    res.json({ success: true, data: { hotels: await myHotels(deps.db, signedInUser(req).id) } });
  });

  router.post('/claim', async (req, res) => {
    const { token } = parseInput(claimHotelBodySchema, req.body);
    res.json({ success: true, data: await claimHotel(deps, signedInUser(req), token) });
  });

  router.get('/:hotelId', async (req, res) => {
    res.json({ success: true, data: await hotelOverview(deps.db, hotelId(req.params), signedInUser(req).id) });
  });

  router.get('/:hotelId/lately', async (req, res) => {
    res.json({ success: true, data: await hotelLately(deps.db, hotelId(req.params), signedInUser(req).id) });
  });

  router.get('/:hotelId/demand', async (req, res) => {
    const demand = await hotelDemand(deps.db, hotelId(req.params), signedInUser(req).id, deps.clock());
    res.json({ success: true, data: demand });
  });

  router.get('/:hotelId/stays', async (req, res) => {
    const filter = parseInput(hotelStaysQuerySchema, req.query, 'query');
    res.json({ success: true, data: await hotelStays(deps.db, hotelId(req.params), signedInUser(req).id, filter) });
  });

  router.get('/:hotelId/report', async (req, res) => {
    const { month } = parseInput(hotelReportQuerySchema, req.query, 'query');
    const report = await hotelReport(deps.db, hotelId(req.params), signedInUser(req).id, month, deps.clock());
    res.json({ success: true, data: report });
  });

  router.get('/:hotelId/report/transfers.csv', async (req, res) => {
    const { month } = parseInput(hotelReportQuerySchema, req.query, 'query');
    const { csv, month: shown } = await hotelTransfersCsv(
      deps.db,
      hotelId(req.params),
      signedInUser(req).id,
      month,
      deps.clock(),
    );
    res.attachment(`restay-transfers-${shown}.csv`).type('text/csv; charset=utf-8').send(csv);
  });

  router.get('/:hotelId/members', async (req, res) => {
    res.json({ success: true, data: await hotelMembers(deps, hotelId(req.params), signedInUser(req).id) });
  });

  router.post('/:hotelId/members', async (req, res) => {
    const body = parseInput(inviteMemberBodySchema, req.body);
    await inviteMember(deps, hotelId(req.params), signedInUser(req), body);
    res.status(201).json({ success: true, data: { invited: body.email.trim().toLowerCase() } });
  });

  router.delete('/:hotelId/members/:userId', async (req, res) => {
    const params = parseInput(removeMemberParamsSchema, req.params);
    await removeMember(deps, params.hotelId, signedInUser(req).id, params.userId);
    res.json({ success: true, data: { removed: params.userId } });
  });

  router.delete('/:hotelId/invites/:inviteId', async (req, res) => {
    const params = parseInput(approvalParamsSchema, req.params);
    await withdrawInvite(deps, params.hotelId, signedInUser(req).id, params.inviteId);
    res.json({ success: true, data: { withdrawn: params.inviteId } });
  });

  router.get('/:hotelId/approvals', async (req, res) => {
    const approvals = await chainApprovals(deps, hotelId(req.params), signedInUser(req).id);
    res.json({ success: true, data: { approvals } });
  });

  router.post('/:hotelId/approvals/:inviteId', async (req, res) => {
    const params = parseInput(approvalParamsSchema, req.params);
    await approveChainClaim(deps, params.hotelId, signedInUser(req).id, params.inviteId);
    res.json({ success: true, data: { approved: params.inviteId } });
  });

  return router;
}
