import { z } from 'zod';
import { hotelWebhookEnvelopeSchema, hotelWebhookReplySchema } from '../handover/hotel-webhook-route.ts';
import { replySchema } from './json-schema.ts';
import type { OperationSpec } from './operation.ts';

export const handoverPaths: Record<string, Record<string, OperationSpec>> = {
  '/api/mews/webhook': {
    post: {
      operationId: 'receiveHotelChanges',
      tag: 'Handover',
      summary: 'The hotel system’s General Webhook: reservations that changed are read again',
      description:
        'Mews calls the URL registered with it, which carries `?Token=` (MEWS_WEBHOOK_TOKEN); a wrong or missing ' +
        'token is 401 and changes nothing. Each `ServiceOrderUpdated` event for a reservation Restay knows queues ' +
        'one re-read; other events are ignored. The re-read withdraws a listing the hotel cancelled or changed ' +
        '(ending a checkout on it) and refunds a sale still being handed over.',
      access: 'signature',
      query: z.object({ Token: z.string().describe('The webhook token Restay gave the hotel system') }),
      body: hotelWebhookEnvelopeSchema,
      reply: {
        status: 202,
        description: 'Accepted; the work runs as jobs',
        data: replySchema(hotelWebhookReplySchema),
      },
    },
  },
};
