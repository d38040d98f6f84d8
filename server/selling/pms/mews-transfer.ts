import { MewsCallError, type ConnectorCall } from './mews-connector.ts';
import { addedCustomerReplySchema, customersReplySchema, emptyReplySchema } from './mews-schemas.ts';
import type { Located } from './mews-pms.ts';
import { PmsTransferError, type PmsGuest } from './pms.ts';

interface TransferSteps {
  call: ConnectorCall;
  /** The reservation and the access token of its hotel, or that no hotel has it, or that none could say. */
  locate(externalId: string): Promise<Located>;
}

/** Only a hotel that answered may refuse: a reservation nobody could read is an outage, tried again later. */
function foundOrThrow(located: Located) {
  if (located.kind === 'unknown')
    throw new PmsTransferError('unavailable', `The reservation cannot be read: ${located.why}.`);
  if (located.kind === 'gone') throw new PmsTransferError('refused', 'The hotel no longer has this reservation.');
  return located;
}

const sameEmail = (a: string | null, b: string) => a !== null && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Makes the guest the reservation's owner with Mews: the guest as a customer (customers/getAll by email, else
 * customers/add), then reservations/updateCustomer, then the reservation read back to confirm the owner
 * changed. Repeating it after a crash is safe: a reservation already in the guest's name is answered as is.
 */
export async function transferWithMews(steps: TransferSteps, externalId: string, guest: PmsGuest) {
  const { accessToken, reservation } = foundOrThrow(await steps.locate(externalId).catch(asPmsWriteError));
  if (sameEmail(reservation.guest.email, guest.email)) return reservation;
  if (reservation.state !== 'confirmed') {
    throw new PmsTransferError('refused', `The reservation is ${reservation.state} at the hotel.`);
  }
  const write = <T extends Parameters<ConnectorCall>[3]>(operation: string, body: Record<string, unknown>, schema: T) =>
    steps.call(accessToken, operation, body, schema, { retryRateLimits: false }).catch(asPmsWriteError);

  // Asked as given and in lower case: a hotel that matches emails exactly still finds the customer it stored,
  // instead of refusing to add a second one with the same address.
  const emails = [...new Set([guest.email, guest.email.toLowerCase()])];
  const existing = await write(
    'customers/getAll',
    { Emails: emails, Extent: { Customers: true, Addresses: false }, Limitation: { Count: 10 } },
    customersReplySchema,
  );
  const customerId =
    existing.Customers.find((customer) => sameEmail(customer.Email ?? null, guest.email))?.Id ??
    (
      await write(
        'customers/add',
        { FirstName: guest.firstName, LastName: guest.lastName, Email: guest.email, OverwriteExisting: false },
        addedCustomerReplySchema,
      )
    ).Id;
  await write('reservations/updateCustomer', { ReservationId: externalId, CustomerId: customerId }, emptyReplySchema);

  const after = foundOrThrow(await steps.locate(externalId).catch(asPmsWriteError));
  // Accepted but not (yet) visible: the next attempt reads again, and writes again only if still needed.
  if (!sameEmail(after.reservation.guest.email, guest.email)) {
    throw new PmsTransferError('unavailable', "The hotel's system does not show the new owner yet.");
  }
  return after.reservation;
}

/**
 * A write to the hotel's system failed, as PmsTransferError. The hotel said no: 400 (a validation error: the reservation or the change is not allowed), 401 and 403 (the
 * hotel revoked or never granted Restay's access, which no retry mends), 404, 409. Or it could not answer
 * (5xx, 408, timeout, network), or asks us to slow down (429, honouring Retry-After).
 */
export function asPmsWriteError(error: unknown): never {
  if (error instanceof PmsTransferError) throw error;
  if (error instanceof MewsCallError) {
    const { httpStatus: status, mewsMessage } = error;
    if (status === 429)
      throw new PmsTransferError('rate_limited', 'The hotel asked us to slow down.', error.retryAfterMs);
    if (status !== null && status >= 400 && status < 500 && status !== 408) {
      throw new PmsTransferError('refused', mewsMessage ?? `The hotel refused the change (${status}).`);
    }
    throw new PmsTransferError('unavailable', mewsMessage ?? `The hotel's system failed (${status ?? 'no answer'}).`);
  }
  throw new PmsTransferError('unavailable', error instanceof Error ? error.message : String(error));
}
