import { Router } from 'express';
import { z } from 'zod';
import { sameSecret } from '../crypto/same-secret.ts';
import { AppError } from '../http/errors.ts';
import { parseInput } from '../http/validation.ts';
import type { BuyingDeps } from '../payments/deps.ts';
import { enqueueHotelChanges } from './hotel-changes.ts';
import { enqueueReservationsToLearn } from './learn-reservations.ts';

/**
 * Mews' General Webhook envelope. `ServiceOrderUpdated` names a reservation that changed in any way, its
 * cancellation included (there is no separate cancelled event); other kinds are accepted and ignored.
 */
export const hotelWebhookEnvelopeSchema = z.object({
  EnterpriseId: z.string().max(200).optional(),
  IntegrationId: z.string().max(200).optional(),
  Events: z
    .array(
      z.object({
        Discriminator: z.string().max(100),
        Value: z
          .object({ Id: z.string().min(1).max(200) })
          .nullable()
          .optional(),
      }),
    )
    .max(1000),
});

/** The receiver's reply: how many events arrived, and how many reservations will be read again. */
export const hotelWebhookReplySchema = z.object({ received: z.number().int(), queued: z.number().int() });

/** The event that says a reservation (a Mews service order) changed. */
const RESERVATION_CHANGED = 'ServiceOrderUpdated';

/**
 * POST /api/mews/webhook?Token=<MEWS_WEBHOOK_TOKEN>: the hotel's system says reservations changed. Authenticated
 * by the token Mews appends to the URL registered with it, compared in constant time: a wrong or missing one
 * is 401 and changes nothing. The work (re-reading each reservation Restay knows, and reading the hotel's new
 * ones into the hotel directory) is durable jobs, so the answer is immediate: Mews retries a call that is not
 * answered 2xx within seconds.
 */
export function hotelWebhookRouter(deps: Pick<BuyingDeps, 'db' | 'clock'> & { token: string }): Router {
  const { token } = deps;
  const router = Router();
  router.post('/mews/webhook', async (req, res) => {
    if (!sameSecret(req.query.Token, token)) throw new AppError('UNAUTHENTICATED', 'Unknown webhook token');
    const envelope = parseInput(hotelWebhookEnvelopeSchema, req.body, 'webhook');
    const changed = envelope.Events.flatMap((event) =>
      event.Discriminator === RESERVATION_CHANGED && event.Value ? [event.Value.Id] : [],
    );
    const queued = await enqueueHotelChanges(deps, changed);
    await enqueueReservationsToLearn(deps, envelope.EnterpriseId, changed);
    const reply: z.infer<typeof hotelWebhookReplySchema> = { received: envelope.Events.length, queued };
    res.status(202).json({ success: true, data: reply });
  });
  return router;
}
