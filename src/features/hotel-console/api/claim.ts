import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  claimHotelReplySchema,
  claimPreviewSchema,
  type ClaimHotelReply,
  type ClaimPreview,
} from '../../../../contract/hotels.ts';
import { apiPost, parseResponse } from '../../../lib/api-client.ts';
import { myHotelsKey } from '../../../lib/my-hotels.ts';

const replySchema = z.object({ data: claimHotelReplySchema }).transform((reply) => reply.data);
const previewReplySchema = z.object({ data: claimPreviewSchema }).transform((reply) => reply.data);

/** POST /api/hotels/claim: opens an invite's link as the signed-in person. */
export async function claimHotel(token: string): Promise<ClaimHotelReply> {
  return parseResponse(replySchema, await apiPost('/api/hotels/claim', { token }));
}

export function useClaimHotel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimHotel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myHotelsKey }),
  });
}

/** POST /api/hotels/claim/preview: the link's hotel and role, read before signing in; uses nothing up. */
export async function previewClaim(token: string): Promise<ClaimPreview> {
  return parseResponse(previewReplySchema, await apiPost('/api/hotels/claim/preview', { token }));
}

/** The preview, asked only while `enabled` (signed out): signed in, the claim itself answers. */
export function useClaimPreview(token: string, enabled: boolean) {
  return useQuery({ queryKey: ['hotels', 'claim-preview', token], queryFn: () => previewClaim(token), enabled });
}
