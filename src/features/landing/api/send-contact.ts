import { useMutation } from '@tanstack/react-query';
import { contactReplySchema, type ContactRequest } from '../../../../contract/contact.ts';
import { successEnvelopeSchema } from '../../../../contract/errors.ts';
import { apiPost, parseResponse } from '../../../lib/api-client.ts';

const contactResponseSchema = successEnvelopeSchema(contactReplySchema);

export async function sendContactMessage(message: ContactRequest): Promise<{ id: string }> {
  const reply = await apiPost<unknown>('/api/contact', message);
  return parseResponse(contactResponseSchema, reply).data;
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
