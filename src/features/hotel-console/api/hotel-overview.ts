import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { hotelOverviewSchema, type HotelOverview } from '../../../../contract/hotels.ts';
import { apiGet, parseResponse } from '../../../lib/api-client.ts';

export const hotelKey = (hotelId: string) => ['hotels', hotelId] as const;
const replySchema = z.object({ data: hotelOverviewSchema }).transform((reply) => reply.data);

/** GET /api/hotels/:hotelId: the hotel's status and the person's role there. */
export async function getHotelOverview(hotelId: string, signal?: AbortSignal): Promise<HotelOverview> {
  return parseResponse(replySchema, await apiGet(`/api/hotels/${encodeURIComponent(hotelId)}`, undefined, { signal }));
}

export function useHotelOverview(hotelId: string) {
  return useQuery({ queryKey: hotelKey(hotelId), queryFn: ({ signal }) => getHotelOverview(hotelId, signal) });
}
