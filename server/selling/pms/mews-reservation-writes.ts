import type { ConnectorCall } from './mews-connector.ts';
import { addedNotesReplySchema, addedTaskReplySchema } from './mews-schemas.ts';
import { asPmsWriteError } from './mews-transfer.ts';
import { PmsTransferError, type PmsTask } from './pms.ts';

/** The access token of the hotel holding a reservation, or why it cannot be had. */
export type HotelToken = { kind: 'usable'; token: string } | { kind: 'unusable'; why: string };

/** A hotel whose token cannot be had cannot be written to now; the job tries again later. */
function usable(token: HotelToken): string {
  if (token.kind === 'unusable') throw new PmsTransferError('unavailable', `The hotel cannot be asked: ${token.why}.`);
  return token.token;
}

/**
 * tasks/add on the reservation (`ServiceOrderId`): Name, Description and DeadlineUtc as Mews documents them.
 * A write: a 429 comes back at once for the job to honour. Not idempotent at Mews, so a lost reply may add the
 * task twice; two tasks cost the front desk a glance, none would cost the hotel its say.
 */
export async function addTaskWithMews(call: ConnectorCall, token: HotelToken, task: PmsTask): Promise<void> {
  await call(
    usable(token),
    'tasks/add',
    {
      Name: task.name,
      Description: task.description,
      DeadlineUtc: task.deadline.toISOString(),
      ServiceOrderId: task.reservationId,
    },
    addedTaskReplySchema,
    { retryRateLimits: false },
  ).catch(asPmsWriteError);
}

/** serviceOrderNotes/add: one note on the reservation (a service order). */
export async function addNoteWithMews(
  call: ConnectorCall,
  token: HotelToken,
  reservationId: string,
  text: string,
): Promise<void> {
  await call(
    usable(token),
    'serviceOrderNotes/add',
    { ServiceOrderNotes: [{ ServiceOrderId: reservationId, Text: text }] },
    addedNotesReplySchema,
    { retryRateLimits: false },
  ).catch(asPmsWriteError);
}
