import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { connectedHotelSchema, type ConnectedHotel } from '../../../../contract/selling.ts';
import { apiGet, parseResponse } from '../../../lib/api-client.ts';

/** GET /api/reservations/hotels?q=: connected hotels whose name contains `text`. */
export async function searchConnectedHotels(text: string, signal?: AbortSignal): Promise<ConnectedHotel[]> {
  const reply = await apiGet<unknown>('/api/reservations/hotels', { q: text }, { signal });
  return parseResponse(z.object({ data: z.array(connectedHotelSchema) }), reply).data;
}

/** The hotels matching what the seller typed; nothing is asked until two letters are typed. */
export function useConnectedHotels(text: string) {
  const typed = text.trim();
  return useQuery({
    queryKey: ['connected-hotels', typed.toLowerCase()],
    queryFn: ({ signal }) => searchConnectedHotels(typed, signal),
    enabled: typed.length >= 2,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
