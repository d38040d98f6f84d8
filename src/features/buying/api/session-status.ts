import { z } from 'zod';
import { apiGet, parseResponse } from '../../../lib/api-client.ts';

// Read leniently: the page needs the status; the stay's listing id is used when present (the server answers
// only the session's own buyer, so the buyer id in the metadata needs no second check here), and the refund's
// reason when the payment is going back.
const statusSchema = z.object({
  status: z.string(),
  listingId: z.string().optional().catch(undefined),
  session: z
    .object({
      metadata: z.object({ listingId: z.string().optional() }).partial().nullish(),
    })
    .partial()
    .nullish()
    .catch(undefined),
  refund: z.object({ message: z.string(), refundedAt: z.string().nullable() }).nullish().catch(undefined),
});
const replySchema = z.union([z.object({ data: statusSchema }), statusSchema.transform((data) => ({ data }))]);

export interface PaymentSessionStatus {
  /** The order's state once the payment is recorded or the checkout ended; before that the provider's. */
  status: string;
  listingId: string | null;
  refund: { message: string; refundedAt: string | null } | null;
}

/** GET /api/payment/session-status/:id. */
export async function getSessionStatus(sessionId: string, signal?: AbortSignal): Promise<PaymentSessionStatus> {
  const reply = await apiGet<unknown>(`/api/payment/session-status/${encodeURIComponent(sessionId)}`, undefined, {
    signal,
  });
  const { data } = parseResponse(replySchema, reply);
  return {
    status: data.status,
    listingId: data.listingId ?? data.session?.metadata?.listingId ?? null,
    refund: data.refund ?? null,
  };
}
