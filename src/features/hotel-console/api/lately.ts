import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { hotelLatelySchema, type HotelLately } from '../../../../contract/hotels.ts';
import { apiGet, parseResponse } from '../../../lib/api-client.ts';
import { hotelKey } from './hotel-overview.ts';

const replySchema = z.object({ data: hotelLatelySchema }).transform((reply) => reply.data);

/** GET /api/hotels/:hotelId/lately: resale on, off or paused, and what happened lately to the hotel's stays. */
export async function getHotelLately(hotelId: string, signal?: AbortSignal): Promise<HotelLately> {
  const url = `/api/hotels/${encodeURIComponent(hotelId)}/lately`;
  return parseResponse(replySchema, await apiGet(url, undefined, { signal }));
}

/** Read afresh whenever the Overview opens: it is the glance after a publish, a pause or a sale. */
export function useHotelLately(hotelId: string) {
  return useQuery({
    queryKey: [...hotelKey(hotelId), 'lately'],
    queryFn: ({ signal }) => getHotelLately(hotelId, signal),
    staleTime: 0,
  });
}
