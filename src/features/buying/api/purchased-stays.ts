import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { purchasedStaySchema, type PurchasedStay } from '../../../../contract/buying.ts';
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

export function usePurchasedStays(userId: string) {
  return useQuery({
    queryKey: ['purchased-stays', userId],
    queryFn: ({ signal }) => getPurchasedStays(userId, signal),
  });
}
