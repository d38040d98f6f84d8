import express, { Router } from 'express';
import type { BuyingDeps } from './deps.ts';
import { handlePaymentEvent, type ProviderEventHandler } from './handle-payment-event.ts';
import type { WebhookEndpoint } from './stripe/payments.ts';

/** Provider events are small; a larger body is not one of them. */
const WEBHOOK_BODY_LIMIT = '512kb';

/** Where each of the provider's webhook endpoints posts (see WebhookEndpoint). */
const ENDPOINT_PATHS: Record<WebhookEndpoint, string> = {
  platform: '/api/payment/webhook',
  connect: '/api/payment/connect-webhook',
};

/**
 * POST /api/payment/webhook (the platform's events) and POST /api/payment/connect-webhook (connected accounts'
 * events, such as `account.updated`), each verified with its own endpoint's signing secret: an event signed for
 * one is refused at the other. The signature covers the exact bytes sent, so these routes read the raw body and
 * must be mounted before the global JSON parser. A bad or missing signature is 400 and changes nothing; any
 * other failure is a 5xx, which makes the provider deliver the event again later. `handlers` take the events
 * of higher layers (the payouts' `account.updated`).
 */
export function paymentWebhookRouter(deps: BuyingDeps, handlers: readonly ProviderEventHandler[] = []): Router {
  const router = Router();
  for (const [endpoint, path] of Object.entries(ENDPOINT_PATHS) as [WebhookEndpoint, string][]) {
    router.post(path, express.raw({ type: 'application/json', limit: WEBHOOK_BODY_LIMIT }), async (req, res) => {
      const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const event = deps.payments.parseWebhook(rawBody, req.get('Stripe-Signature'), endpoint);
      const outcome = await handlePaymentEvent(deps, event, handlers);
      res.json({ success: true, data: { received: true, outcome } });
    });
  }
  return router;
}
