import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiPost, parseResponse } from '../../../lib/api-client.ts';

// Read loosely: anything but `success: true` with `data.verified: true` is an incomplete verification.
const codeReplySchema = z.object({
  success: z.boolean(),
  data: z.object({ verified: z.boolean().optional(), reservationId: z.string().optional() }).nullish(),
});

/** The verified reservation's confirmation number, or null when the server did not confirm the code. */
export async function verifyCode(body: {
  email: string;
  code: string;
}): Promise<{ reservationId: string | null; verified: boolean }> {
  const reply = parseResponse(codeReplySchema, await apiPost<unknown>('/api/reservations/verify-code', body));
  const verified = reply.success && reply.data?.verified === true;
  return { verified, reservationId: reply.data?.reservationId ?? null };
}

export function useVerifyCode() {
  return useMutation({ mutationFn: verifyCode });
}
