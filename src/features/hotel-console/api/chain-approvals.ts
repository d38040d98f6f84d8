import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { chainApprovalsReplySchema, type ChainApproval } from '../../../../contract/hotels.ts';
import { apiGet, apiPost, parseResponse } from '../../../lib/api-client.ts';
import { hotelKey } from './hotel-overview.ts';

const approvalsKey = (hotelId: string) => [...hotelKey(hotelId), 'approvals'] as const;
const replySchema = z.object({ data: chainApprovalsReplySchema }).transform((reply) => reply.data.approvals);
const approvalsUrl = (hotelId: string) => `/api/hotels/${encodeURIComponent(hotelId)}/approvals`;

/** GET /api/hotels/:hotelId/approvals: people waiting to become the first admin of another hotel of the chain. */
export async function getChainApprovals(hotelId: string, signal?: AbortSignal): Promise<ChainApproval[]> {
  return parseResponse(replySchema, await apiGet(approvalsUrl(hotelId), undefined, { signal }));
}

export function useChainApprovals(hotelId: string, enabled: boolean) {
  return useQuery({
    queryKey: approvalsKey(hotelId),
    queryFn: ({ signal }) => getChainApprovals(hotelId, signal),
    enabled,
  });
}

/** POST /api/hotels/:hotelId/approvals/:inviteId: the admin vouches for the person. */
export function useApproveChainClaim(hotelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inviteId: string) => apiPost(`${approvalsUrl(hotelId)}/${encodeURIComponent(inviteId)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: approvalsKey(hotelId) }),
  });
}
