import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { purchasedStaySchema, type PurchasedStay } from '../../../../contract/buying.ts';
import { isSettled } from '../../../../contract/order-state.ts';
import { apiGet, parseResponse } from '../../../lib/api-client.ts';

// The API answers in its envelope; a bare array is read the same way.
const replySchema = z.union([
  z.object({ data: z.array(purchasedStaySchema) }).transform((reply) => reply.data),
  z.array(purchasedStaySchema),
]);

export async function getPurchasedStays(userId: string, signal?: AbortSignal): Promise<PurchasedStay[]> {
  const reply = await apiGet<unknown>(`/api/listings/purchased/${encodeURIComponent(userId)}`, undefined, { signal });
  return parseResponse(replySchema, reply);
}

/** While a stay is still being handed over or refunded, how often My Stays reads the orders again. */
export const UNSETTLED_RECHECK_MS = 5_000;

export function usePurchasedStays(userId: string) {
  return useQuery({
    queryKey: ['purchased-stays', userId],
    queryFn: ({ signal }) => getPurchasedStays(userId, signal),
    // The handover runs on the server after the payment: the page follows it until every stay is settled.
    refetchInterval: (query) =>
      query.state.data?.some((stay) => !isSettled(stay.order.state)) ? UNSETTLED_RECHECK_MS : false,
  });
}
