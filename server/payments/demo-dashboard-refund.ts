import express, { Router } from 'express';
import type { Kysely } from 'kysely';
import type { UserMiddleware } from '../auth/require-user.ts';
import type { Database } from '../db/schema.ts';
import { offersDemoOperatorToken } from '../http/demo-operator-token.ts';

/** The test dashboard's refund (server/standins/stripe/page-routes.ts), as the browser posts it. */
export const DASHBOARD_REFUND_PATH = '/test-checkout/dashboard/payments/:paymentIntent/refund';

export interface DemoDashboardRefundDeps {
  db: Kysely<Database>;
  users: Pick<UserMiddleware, 'viewer'>;
  /** DEMO_OPERATOR_TOKEN: whoever has it may refund any payment; unset, only buyers refund their own. */
  operatorToken: string | null;
}

/**
 * On a public demo (DEMO_MODE) the test dashboard is open to anyone, and a refund there undoes a sale like a
 * refund in the provider's dashboard: only the payment's buyer, signed in (a bearer token of the order's buyer),
 * or someone holding the demo operator token (the form's `operator_token` field) may make one. Anyone else is
 * refused with 403 and nothing is refunded. Mounted before the stand-ins, only with DEMO_MODE=true.
 */
export function demoDashboardRefundGuard(deps: DemoDashboardRefundDeps): Router {
  const router = Router();
  router.post(
    DASHBOARD_REFUND_PATH,
    express.urlencoded({ extended: false, limit: '10kb' }),
    deps.users.viewer,
    async (req, res, next) => {
      if (offersDemoOperatorToken(req.body, deps.operatorToken)) return next();
      if (req.user) {
        const order = await deps.db
          .selectFrom('orders')
          .select('buyer_id')
          .where('payment_intent_id', '=', String(req.params.paymentIntent))
          .executeTakeFirst();
        if (order?.buyer_id === req.user.id) return next();
      }
      res
        .status(403)
        .type('text')
        .send('On this demo, a payment is refunded by its buyer, signed in, or with the demo operator token.');
    },
  );
  return router;
}
