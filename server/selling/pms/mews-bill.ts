import { MewsCallError, type ConnectorCall } from './mews-connector.ts';
import type { Located } from './mews-pms.ts';
import { addedExternalPaymentReplySchema, addedOrderReplySchema, reservationsReplySchema } from './mews-schemas.ts';
import { PmsBillError, type BillFee, type BillPosting } from './pms.ts';

/**
 * The external payment type Restay's collected fee is recorded as: money paid before the stay, outside the
 * hotel's own payment methods. A hotel must have it enabled (configuration/get); one that has not refuses the
 * payment (400), which is a refusal like any other.
 */
export const FEE_PAYMENT_TYPE = 'Prepayment';

interface BillSteps {
  call: ConnectorCall;
  locate(externalId: string): Promise<Located>;
}

/**
 * Posts a name-change fee to the reservation's bill in Mews: the reservation read for its service and its owner
 * (the buyer's customer once the stay is in their name), then orders/add with one custom item linked to the
 * reservation, then payments/addExternal for the same amount with Restay's order id as its external identifier.
 * Neither write is idempotent at Mews, so a step `done` names is never made again, and what a failed call had
 * already made is carried in the error.
 */
export async function postFeeWithMews(
  steps: BillSteps,
  externalId: string,
  fee: BillFee,
  done: BillPosting,
): Promise<BillPosting> {
  let posted = { ...done };
  // Set while a write is out: a write that got no answer may have been made, and is never simply repeated.
  let writing = false;
  const fail = (error: unknown): never => asBillError(error, posted, writing);
  const located = await steps.locate(externalId).catch(fail);
  if (located.kind !== 'found')
    throw new PmsBillError(
      located.kind === 'gone' ? 'refused' : 'unavailable',
      located.kind === 'gone' ? 'The hotel no longer has this reservation.' : located.why,
      posted,
    );
  const call = <T extends Parameters<ConnectorCall>[3]>(operation: string, body: Record<string, unknown>, schema: T) =>
    steps.call(located.accessToken, operation, body, schema, { retryRateLimits: false }).catch(fail);
  const { Reservations } = await call(
    'reservations/getAll/2023-06-06',
    { ReservationIds: [externalId], Limitation: { Count: 1 } },
    reservationsReplySchema,
  );
  const reservation = Reservations[0];
  if (!reservation) throw new PmsBillError('refused', 'The hotel no longer has this reservation.', posted);
  const gross = fee.amountCents / 100;
  writing = true;
  if (!posted.pmsOrderId) {
    const order = await call(
      'orders/add',
      {
        ServiceId: reservation.ServiceId,
        AccountId: reservation.AccountId,
        LinkedReservationId: externalId,
        Items: [
          {
            Name: fee.itemName,
            UnitCount: 1,
            UnitAmount: { Currency: fee.currency, GrossValue: gross, TaxCodes: [] },
            ExternalIdentifier: fee.orderId,
          },
        ],
        Notes: `Restay order ${fee.orderId}`,
      },
      addedOrderReplySchema,
    );
    posted = { ...posted, pmsOrderId: order.OrderId };
  }
  if (!posted.pmsPaymentId) {
    const payment = await call(
      'payments/addExternal',
      {
        AccountId: reservation.AccountId,
        ReservationId: externalId,
        Amount: { Currency: fee.currency, GrossValue: gross },
        Type: FEE_PAYMENT_TYPE,
        ExternalIdentifier: fee.orderId,
        Notes: `Collected by Restay with the resale, order ${fee.orderId}`,
      },
      addedExternalPaymentReplySchema,
    );
    posted = { ...posted, pmsPaymentId: payment.ExternalPaymentId };
  }
  return posted;
}

/** Mews' answer as a bill posting's: 401/403 not granted, other 4xx refused, 429 later, the rest unknown. */
function asBillError(error: unknown, done: BillPosting, inDoubt: boolean): never {
  if (error instanceof PmsBillError) throw error;
  if (error instanceof MewsCallError) {
    const { httpStatus: status, mewsMessage } = error;
    if (status === 401 || status === 403)
      throw new PmsBillError('not_granted', mewsMessage ?? `The hotel has not granted this call (${status}).`, done);
    if (status === 429)
      throw new PmsBillError('rate_limited', 'The hotel asked us to slow down.', done, error.retryAfterMs);
    if (status !== null && status >= 400 && status < 500 && status !== 408)
      throw new PmsBillError('refused', mewsMessage ?? `The hotel refused the posting (${status}).`, done);
    const why = mewsMessage ?? `The hotel's system failed (${status ?? 'no answer'}).`;
    throw new PmsBillError('unavailable', why, done, null, inDoubt);
  }
  throw new PmsBillError('unavailable', error instanceof Error ? error.message : String(error), done, null, inDoubt);
}
