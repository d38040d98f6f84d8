import express, { Router } from 'express';
import type { BuyingDeps } from './deps.ts';
import { handlePaymentEvent, type ProviderEventHandler } from './handle-payment-event.ts';

/** Provider events are small; a larger body is not one of them. */
const WEBHOOK_BODY_LIMIT = '512kb';

/**
 * POST /api/payment/webhook. The signature covers the exact bytes sent, so this route reads the raw body and
 * must be mounted before the global JSON parser. A bad or missing signature is 400 and changes nothing; any
 * other failure is a 5xx, which makes the provider deliver the event again later. `handlers` take the events
 * of higher layers (the payouts' `account.updated`).
 */
export function paymentWebhookRouter(deps: BuyingDeps, handlers: readonly ProviderEventHandler[] = []): Router {
  const router = Router();
  router.post(
    '/api/payment/webhook',
    express.raw({ type: 'application/json', limit: WEBHOOK_BODY_LIMIT }),
    async (req, res) => {
      const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const event = deps.payments.parseWebhook(rawBody, req.get('Stripe-Signature'));
      const outcome = await handlePaymentEvent(deps, event, handlers);
      res.json({ success: true, data: { received: true, outcome } });
    },
  );
  return router;
}
