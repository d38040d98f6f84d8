import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Executor } from '../../db/transaction.ts';
import type { Enterprise } from './demo-mews-replies.ts';

/** An answer other than 200, as Mews gives it: the status and `{ Message }`. */
export class DemoMewsRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** customers/add: a new customer of the enterprise; an email already on file is refused unless overwritten. */
export async function addCustomer(
  db: Executor,
  enterprise: Enterprise,
  body: { FirstName?: string | null; LastName: string; Email?: string | null; OverwriteExisting: boolean },
) {
  const email = body.Email?.trim() || null;
  const existing = email
    ? await db
        .selectFrom('demo_pms_customers')
        .select('id')
        .where('enterprise_id', '=', enterprise.id)
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .executeTakeFirst()
    : undefined;
  if (existing && !body.OverwriteExisting) {
    throw new DemoMewsRefusal(400, 'A customer with the same email already exists.');
  }
  const id = existing?.id ?? randomUUID();
  const fields = { first_name: body.FirstName?.trim() || null, last_name: body.LastName.trim(), email };
  if (existing) await db.updateTable('demo_pms_customers').set(fields).where('id', '=', id).execute();
  else
    await db
      .insertInto('demo_pms_customers')
      .values({ id, enterprise_id: enterprise.id, ...fields })
      .execute();
  return {
    Id: id,
    ChainId: enterprise.id,
    FirstName: fields.first_name,
    LastName: fields.last_name,
    Email: email,
    HasOtaEmail: false,
    Phone: null,
    LanguageCode: 'en-US',
    IsActive: true,
  };
}

/**
 * reservations/updateCustomer: the reservation's owner becomes the customer. Only a Confirmed reservation
 * changes owner; the demo's refusing reservation answers 403 every time, the flaky one 500 twice first, and the
 * one that loses replies makes the change and then answers 500 (as a reply lost after the hotel acted).
 */
export async function updateReservationCustomer(
  db: Executor,
  enterprise: Enterprise,
  body: { ReservationId: string; CustomerId: string },
) {
  const reservation = await db
    .selectFrom('demo_pms_reservations')
    .select(['id', 'state', 'transfer_behaviour', 'transfer_failures'])
    .where('enterprise_id', '=', enterprise.id)
    .where('id', '=', body.ReservationId)
    .executeTakeFirst();
  if (!reservation) throw new DemoMewsRefusal(400, 'Invalid ReservationId');
  const customer = await db
    .selectFrom('demo_pms_customers')
    .select('id')
    .where('enterprise_id', '=', enterprise.id)
    .where('id', '=', body.CustomerId)
    .executeTakeFirst();
  if (!customer) throw new DemoMewsRefusal(400, 'Invalid CustomerId');
  if (reservation.transfer_behaviour === 'refuse') {
    throw new DemoMewsRefusal(403, 'The hotel does not allow the owner of this reservation to change.');
  }
  if (reservation.transfer_behaviour === 'fail_twice' && reservation.transfer_failures < 2) {
    await db
      .updateTable('demo_pms_reservations')
      .set({ transfer_failures: reservation.transfer_failures + 1 })
      .where('id', '=', reservation.id)
      .execute();
    throw new DemoMewsRefusal(500, 'Server error');
  }
  if (reservation.state !== 'Confirmed') {
    throw new DemoMewsRefusal(400, `A reservation in state ${reservation.state} cannot be updated.`);
  }
  await db
    .updateTable('demo_pms_reservations')
    .set({ customer_id: customer.id })
    .where('id', '=', reservation.id)
    .execute();
  if (reservation.transfer_behaviour === 'lose_reply') throw new DemoMewsRefusal(500, 'Server error');
  return {};
}

/** Mews cancels only reservations not yet under way. */
const CANCELLABLE_STATES = ['Confirmed', 'Optional', 'Inquired', 'Requested'];

/**
 * The hotel cancels a reservation (what `reservations/cancel` does at Mews, done here by the demo hotel's staff
 * from /dev/pms). Answers the reservation and its hotel, or why not: unknown number, or not cancellable.
 */
export async function cancelDemoReservation(
  db: Executor,
  confirmationNumber: string,
  now: Date,
): Promise<{ id: string; enterpriseId: string } | 'not_found' | 'not_cancellable'> {
  const reservation = await db
    .selectFrom('demo_pms_reservations')
    .select(['id', 'enterprise_id', 'state'])
    .where('number', '=', confirmationNumber)
    .executeTakeFirst();
  if (!reservation) return 'not_found';
  const cancelled = await db
    .updateTable('demo_pms_reservations')
    .set({ state: 'Canceled', cancelled_utc: now })
    .where('id', '=', reservation.id)
    .where('state', 'in', CANCELLABLE_STATES)
    .executeTakeFirst();
  if (!cancelled.numUpdatedRows) return 'not_cancellable';
  return { id: reservation.id, enterpriseId: reservation.enterprise_id };
}
