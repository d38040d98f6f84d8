import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { hotelDemandSchema, type HotelDemand } from '../../../../contract/hotels.ts';
import { apiGet, parseResponse } from '../../../lib/api-client.ts';
import { hotelKey } from './hotel-overview.ts';

const replySchema = z.object({ data: hotelDemandSchema }).transform((reply) => reply.data);

/** GET /api/hotels/:hotelId/demand: per week ahead, how many saved searches would match a stay at the hotel. */
export async function getHotelDemand(hotelId: string, signal?: AbortSignal): Promise<HotelDemand> {
  const url = `/api/hotels/${encodeURIComponent(hotelId)}/demand`;
  return parseResponse(replySchema, await apiGet(url, undefined, { signal }));
}

export function useHotelDemand(hotelId: string) {
  return useQuery({
    queryKey: [...hotelKey(hotelId), 'demand'],
    queryFn: ({ signal }) => getHotelDemand(hotelId, signal),
  });
}
