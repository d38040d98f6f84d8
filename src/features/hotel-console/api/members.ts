import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { hotelMembersReplySchema, type HotelMembersReply, type HotelRole } from '../../../../contract/hotels.ts';
import { apiDelete, apiGet, apiPost, parseResponse } from '../../../lib/api-client.ts';
import { hotelKey } from './hotel-overview.ts';

const membersKey = (hotelId: string) => [...hotelKey(hotelId), 'members'] as const;
const replySchema = z.object({ data: hotelMembersReplySchema }).transform((reply) => reply.data);
const membersUrl = (hotelId: string) => `/api/hotels/${encodeURIComponent(hotelId)}/members`;

/** GET /api/hotels/:hotelId/members: who works for the hotel, and the open invitations. */
export async function getHotelMembers(hotelId: string, signal?: AbortSignal): Promise<HotelMembersReply> {
  return parseResponse(replySchema, await apiGet(membersUrl(hotelId), undefined, { signal }));
}

export function useHotelMembers(hotelId: string) {
  return useQuery({ queryKey: membersKey(hotelId), queryFn: ({ signal }) => getHotelMembers(hotelId, signal) });
}

/** POST /api/hotels/:hotelId/members: an admin invites someone by email. */
export function useInviteMember(hotelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invite: { email: string; role: HotelRole }) => apiPost(membersUrl(hotelId), invite),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: hotelKey(hotelId) }),
  });
}

/** DELETE /api/hotels/:hotelId/members/:userId: an admin removes someone. */
export function useRemoveMember(hotelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => apiDelete(`${membersUrl(hotelId)}/${encodeURIComponent(userId)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: hotelKey(hotelId) }),
  });
}

/** DELETE /api/hotels/:hotelId/invites/:inviteId: an admin withdraws an invitation not used yet. */
export function useWithdrawInvite(hotelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inviteId: string) =>
      apiDelete(`/api/hotels/${encodeURIComponent(hotelId)}/invites/${encodeURIComponent(inviteId)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: hotelKey(hotelId) }),
  });
}
