import { Router } from 'express';
import { z } from 'zod';
import { sameSecret } from '../crypto/same-secret.ts';
import { AppError } from '../http/errors.ts';
import { parseInput } from '../http/validation.ts';
import { integrationEventSchema } from '../selling/pms/mews-schemas.ts';
import type { HotelDeps } from './deps.ts';
import { recordIntegrationEvent } from './integration-events.ts';

/** The receiver's reply: whether the event was recorded, was a redelivery, or is an action we do not act on. */
export const integrationWebhookReplySchema = z.object({ outcome: z.enum(['recorded', 'duplicate', 'unknown_action']) });

/**
 * POST /api/mews/integration-webhook?Token=<MEWS_INTEGRATION_WEBHOOK_TOKEN>: Mews says a hotel connected our
 * integration, rotated its key, or turned it off or on. The token is its own secret (not the General Webhook's),
 * compared in constant time; the request log never shows it. The event is recorded and applied by a job, so the
 * answer comes at once (Mews retries a call not answered 2xx within 5 s); an action we do not know is answered
 * 200 and logged, so Mews does not retry it.
 */
export function integrationWebhookRouter(deps: HotelDeps & { token: string }): Router {
  const router = Router();
  router.post('/mews/integration-webhook', async (req, res) => {
    if (!sameSecret(req.query.Token, deps.token)) throw new AppError('UNAUTHENTICATED', 'Unknown webhook token');
    const event = parseInput(integrationEventSchema, req.body, 'webhook');
    const outcome = await recordIntegrationEvent(deps, event);
    if (outcome === 'unknown_action')
      deps.logger.info({ action: event.Action }, 'integration event of an unknown action');
    res.status(200).json({ success: true, data: { outcome } satisfies z.infer<typeof integrationWebhookReplySchema> });
  });
  return router;
}
