import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiPost, parseResponse } from '../../../lib/api-client.ts';

/**
 * verify-combined's reply: success alone means the code is on its way. When the guest email on the reservation
 * is an online travel agency's relay address, the server says so (`otaRelay`) and explains where the code went;
 * when this user has proved the reservation already, no code is sent (`alreadyProven`).
 */
const sentReplySchema = z.object({
  success: z.boolean(),
  message: z.string().optional(),
  data: z
    .object({ otaRelay: z.boolean().optional(), message: z.string().optional(), alreadyProven: z.boolean().optional() })
    .nullish(),
});

/** `alreadyProven`: this user proved the reservation before (on any device) and no code was sent. */
export type VerificationSent = { sent: boolean; relayNotice: string | null; alreadyProven: boolean };

export async function verifyReservation(body: {
  confirmationNumber: string;
  email: string;
  /** The connected hotel the seller named, asked first. */
  hotelId?: string;
  userId: string;
}): Promise<VerificationSent> {
  const reply = parseResponse(sentReplySchema, await apiPost<unknown>('/api/reservations/verify-combined', body));
  const relayNotice = reply.data?.otaRelay ? (reply.data.message ?? reply.message ?? null) : null;
  return { sent: reply.success, relayNotice, alreadyProven: reply.data?.alreadyProven === true };
}

export function useVerifyReservation() {
  return useMutation({ mutationFn: verifyReservation });
}
