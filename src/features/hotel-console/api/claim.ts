import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { claimHotelReplySchema, type ClaimHotelReply } from '../../../../contract/hotels.ts';
import { apiPost, parseResponse } from '../../../lib/api-client.ts';
import { myHotelsKey } from './my-hotels.ts';

const replySchema = z.object({ data: claimHotelReplySchema }).transform((reply) => reply.data);

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
