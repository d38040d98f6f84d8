import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { hotelStaysReplySchema, type HotelStaysQuery, type HotelStaysReply } from '../../../../contract/hotel-stays.ts';
import { apiGet, parseResponse } from '../../../lib/api-client.ts';
import { hotelKey } from './hotel-overview.ts';

const replySchema = z.object({ data: hotelStaysReplySchema }).transform((reply) => reply.data);

/** GET /api/hotels/:hotelId/stays: the hotel's listed stays, by state and month of check-in. */
export async function getHotelStays(
  hotelId: string,
  filter: HotelStaysQuery,
  signal?: AbortSignal,
): Promise<HotelStaysReply> {
  const url = `/api/hotels/${encodeURIComponent(hotelId)}/stays`;
  return parseResponse(replySchema, await apiGet(url, filter, { signal }));
}

/** The list stays on screen while another filter's loads. */
export function useHotelStays(hotelId: string, filter: HotelStaysQuery) {
  return useQuery({
    queryKey: [...hotelKey(hotelId), 'stays', filter],
    queryFn: ({ signal }) => getHotelStays(hotelId, filter, signal),
    placeholderData: keepPreviousData,
  });
}
