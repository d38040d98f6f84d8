import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { approvalsViewSchema, type RejectListingRequest } from '../../../../contract/stay-approvals.ts';
import { apiGet, apiPost, parseResponse } from '../../../lib/api-client.ts';

const approvalsUrl = (hotelId: string, rest = '') => `/api/hotels/${encodeURIComponent(hotelId)}/stay-approvals${rest}`;
const approvalsKey = (hotelId: string) => ['hotel', hotelId, 'stay-approvals'] as const;
const viewReply = z.object({ data: approvalsViewSchema }).transform((reply) => reply.data);
const decidedReply = z.object({ data: z.object({ listingId: z.string(), status: z.string() }) });

/** GET /api/hotels/:hotelId/stay-approvals: the stays waiting for the hotel and the decisions taken. */
export function useStayApprovals(hotelId: string) {
  return useQuery({
    queryKey: approvalsKey(hotelId),
    queryFn: async ({ signal }) => parseResponse(viewReply, await apiGet(approvalsUrl(hotelId), undefined, { signal })),
  });
}

export type StayDecision = { listingId: string } & (
  { decision: 'approve' } | ({ decision: 'reject' } & RejectListingRequest)
);

/** POST .../:listingId/approve or /reject: the hotel's decision; the queue is read again after it. */
export function useDecideStay(hotelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: StayDecision) => {
      const path = `/${encodeURIComponent(input.listingId)}/${input.decision}`;
      const body = input.decision === 'reject' ? { reason: input.reason, note: input.note } : {};
      return parseResponse(decidedReply, await apiPost(approvalsUrl(hotelId, path), body));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: approvalsKey(hotelId) }),
  });
}
