import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { hotelReportReplySchema, type HotelReportReply } from '../../../../contract/hotel-report.ts';
import { apiGet, apiGetFile, parseResponse } from '../../../lib/api-client.ts';
import { hotelKey } from './hotel-overview.ts';

const replySchema = z.object({ data: hotelReportReplySchema }).transform((reply) => reply.data);

const reportUrl = (hotelId: string) => `/api/hotels/${encodeURIComponent(hotelId)}/report`;

/** GET /api/hotels/:hotelId/report: a month's figures (the current one without `month`) and the year up to it. */
export async function getHotelReport(
  hotelId: string,
  month: string | undefined,
  signal?: AbortSignal,
): Promise<HotelReportReply> {
  return parseResponse(replySchema, await apiGet(reportUrl(hotelId), { month }, { signal }));
}

/** The report stays on screen while another month's loads. */
export function useHotelReport(hotelId: string, month: string | undefined) {
  return useQuery({
    queryKey: [...hotelKey(hotelId), 'report', month ?? 'current'],
    queryFn: ({ signal }) => getHotelReport(hotelId, month, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * GET /api/hotels/:hotelId/report/transfers.csv: fetched with the session's token (a link could not send it) and
 * saved through an object URL under the server's file name.
 */
export async function downloadTransfersCsv(hotelId: string, month: string): Promise<void> {
  const file = await apiGetFile(`${reportUrl(hotelId)}/transfers.csv`, { month });
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = `restay-transfers-${month}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
