import { Router } from 'express';
import type { Kysely } from 'kysely';
import {
  connectedHotelsQuerySchema,
  findReservationRequestSchema,
  verifyCodeRequestSchema,
  verifyCombinedRequestSchema,
  verifyEmailRequestSchema,
} from '../../contract/selling.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { signedInUser } from '../auth/claimed-user.ts';
import type { UserMiddleware } from '../auth/require-user.ts';
import { parseInput } from '../http/validation.ts';
import type { Mailer } from '../mail/mailer.ts';
import { lookupHintOf, searchConnectedHotels } from './connected-hotels.ts';
import { findReservation } from './find-reservation.ts';
import type { Pms } from './pms/pms.ts';
import { sellingRateLimiters, type SellingRateLimits } from './rate-limits.ts';
import { requestVerification } from './request-verification.ts';
import { listVerifiedReservations } from './verified-reservations.ts';
import { verifyCode } from './verify-code.ts';

export interface ReservationsRouterDependencies {
  db: Kysely<Database>;
  clock: Clock;
  pms: Pms;
  mailer: Mailer;
  users: UserMiddleware;
  maxMarkupPercent: number;
  /** The HMAC key verification codes are stored under. */
  codeKey: string;
  rateLimits?: SellingRateLimits;
}

/** /api/reservations: proving a reservation is yours, then reading it back to list it. */
export function reservationsRouter(deps: ReservationsRouterDependencies): Router {
  const { db, clock, pms, mailer, users, maxMarkupPercent, codeKey } = deps;
  const limits = sellingRateLimiters(db, deps.rateLimits);
  const router = Router();

  router.post('/verify-combined', users.requireUser, ...limits.codeRequests, async (req, res) => {
    const body = parseInput(verifyCombinedRequestSchema, req.body);
    const user = signedInUser(req, [body.userId]);
    const data = await requestVerification(
      { db, clock, pms, mailer, codeKey },
      {
        userId: user.id,
        confirmationNumber: body.confirmationNumber,
        email: body.email,
        hint: await lookupHintOf(db, body.hotelId),
      },
    );
    res.json({ success: true, data });
  });

  router.post('/verify-email', users.requireUser, ...limits.codeRequests, async (req, res) => {
    const body = parseInput(verifyEmailRequestSchema, req.body);
    const user = signedInUser(req, [body.userId]);
    const data = await requestVerification(
      { db, clock, pms, mailer, codeKey },
      {
        userId: user.id,
        confirmationNumber: body.reservationId,
        email: body.userProvidedEmail,
        hint: await lookupHintOf(db, body.hotelId),
      },
    );
    res.json({ success: true, data });
  });

  router.post('/verify-code', users.requireUser, ...limits.codeEntries, async (req, res) => {
    const body = parseInput(verifyCodeRequestSchema, req.body);
    const data = await verifyCode(
      { db, clock, codeKey },
      { user: signedInUser(req), email: body.email, code: body.code },
    );
    res.json({ success: true, data });
  });

  router.post('/find', users.requireUser, async (req, res) => {
    const body = parseInput(findReservationRequestSchema, req.body);
    const user = signedInUser(req, [body.userId]);
    res.json({
      success: true,
      data: await findReservation({ db, pms, maxMarkupPercent }, user.id, body.reservationId),
    });
  });

  router.get('/hotels', users.requireUser, async (req, res) => {
    const { q } = parseInput(connectedHotelsQuerySchema, req.query);
    res.json({ success: true, data: await searchConnectedHotels(db, q) });
  });

  router.get('/:userId', users.requireUser, async (req, res) => {
    const user = signedInUser(req, [req.params.userId], 'You can only see your own reservations');
    res.json({ success: true, data: await listVerifiedReservations(db, user.id) });
  });

  return router;
}
