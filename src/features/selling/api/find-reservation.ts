import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { foundReservationSchema, type FoundReservation } from '../../../../contract/selling.ts';
import { apiPost, parseResponse } from '../../../lib/api-client.ts';

const findReplySchema = z.object({ success: z.boolean(), data: foundReservationSchema.nullish() });

/** The verified reservation as the hotel's system knows it; null when the server has no result. */
export async function findReservation(
  reservationId: string,
  userId: string,
  signal?: AbortSignal,
): Promise<FoundReservation | null> {
  const reply = await apiPost<unknown>('/api/reservations/find', { reservationId, userId }, { signal });
  const parsed = parseResponse(findReplySchema, reply);
  return parsed.success ? (parsed.data ?? null) : null;
}

export function useFoundReservation(reservationId: string, userId: string) {
  return useQuery({
    queryKey: ['reservation', reservationId, userId],
    queryFn: ({ signal }) => findReservation(reservationId, userId, signal),
    // The stay is read once per verification: the form must not reset under the seller's typing.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}
