import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { myHotelsReplySchema, type MyHotel } from '../../contract/hotels.ts';
import { apiGet, parseResponse } from './api-client.ts';

export const myHotelsKey = ['hotels', 'mine'] as const;
const replySchema = z.object({ data: myHotelsReplySchema }).transform((reply) => reply.data.hotels);

/** GET /api/hotels: the hotels the signed-in person belongs to, with their role at each. */
export async function getMyHotels(signal?: AbortSignal): Promise<MyHotel[]> {
  return parseResponse(replySchema, await apiGet('/api/hotels', undefined, { signal }));
}

/** `enabled: false` asks nothing yet (the account menu asks once someone reaches for it). */
export function useMyHotels({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: myHotelsKey, queryFn: ({ signal }) => getMyHotels(signal), enabled });
}
