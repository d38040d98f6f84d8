import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Executor } from '../../db/transaction.ts';
import type { Enterprise } from './demo-mews-replies.ts';
import { DemoMewsRefusal } from './demo-mews-writes.ts';

/**
 * orders/add and payments/addExternal as the demo PMS answers them (the shapes of Mews' own pages): what they
 * write is kept on the Mews wire (demo_pms_orders, demo_pms_external_payments) and shown on /dev/pms. A demo hotel
 * that has not granted these calls answers 401, as Mews does for an operation outside the certification.
 */

const amount = z.object({
  Currency: z.string().regex(/^[A-Z]{3}$/),
  GrossValue: z.number().nonnegative().optional(),
  NetValue: z.number().nonnegative().optional(),
  TaxCodes: z.array(z.string()).optional(),
});

export const addOrderRequest = z
  .object({
    ServiceId: z.guid(),
    AccountId: z.guid(),
    LinkedReservationId: z.guid().optional(),
    Items: z
      .array(
        z.object({
          Name: z.string().trim().min(1),
          UnitCount: z.int().min(1),
          UnitAmount: amount.extend({ TaxCodes: z.array(z.string()) }),
          ExternalIdentifier: z.string().optional(),
        }),
      )
      .optional(),
    ProductOrders: z.array(z.object({ ProductId: z.guid(), Count: z.int().optional() })).optional(),
    Notes: z.string().optional(),
  })
  .refine((body) => body.Items?.length || body.ProductOrders?.length, { path: ['Items'] });

export const addExternalPaymentRequest = z.object({
  AccountId: z.guid(),
  ReservationId: z.guid().optional(),
  Amount: amount,
  Type: z.string().optional(),
  ExternalIdentifier: z.string().optional(),
  Notes: z.string().optional(),
});

function requireGranted(enterprise: Enterprise) {
  if (!enterprise.orders_granted)
    throw new DemoMewsRefusal(401, 'The client does not have permission to perform the requested operation.');
}

async function requireReservation(db: Executor, enterprise: Enterprise, reservationId: string | undefined) {
  if (!reservationId) return;
  const found = await db
    .selectFrom('demo_pms_reservations')
    .select('id')
    .where('enterprise_id', '=', enterprise.id)
    .where('id', '=', reservationId)
    .executeTakeFirst();
  if (!found) throw new DemoMewsRefusal(400, 'Invalid ReservationId');
}

const grossOf = (unit: z.infer<typeof amount>) => unit.GrossValue ?? unit.NetValue ?? 0;

/** orders/add: one order of custom items (the demo keeps the first item, the only one Restay posts). */
export async function addOrder(db: Executor, enterprise: Enterprise, body: z.infer<typeof addOrderRequest>) {
  requireGranted(enterprise);
  if (body.ServiceId !== enterprise.service_id) throw new DemoMewsRefusal(400, 'Invalid ServiceId');
  await requireReservation(db, enterprise, body.LinkedReservationId);
  const item = body.Items?.[0];
  if (!item) throw new DemoMewsRefusal(400, 'Invalid ProductOrders');
  const id = randomUUID();
  await db
    .insertInto('demo_pms_orders')
    .values({
      id,
      enterprise_id: enterprise.id,
      service_id: body.ServiceId,
      account_id: body.AccountId,
      linked_reservation_id: body.LinkedReservationId ?? null,
      item_name: item.Name,
      unit_count: item.UnitCount,
      currency: item.UnitAmount.Currency,
      gross_value: grossOf(item.UnitAmount),
      external_identifier: item.ExternalIdentifier ?? null,
      notes: body.Notes ?? null,
      created_utc: new Date(),
    })
    .execute();
  return { OrderId: id };
}

/** payments/addExternal: money collected outside the hotel, on the account's bill. */
export async function addExternalPayment(
  db: Executor,
  enterprise: Enterprise,
  body: z.infer<typeof addExternalPaymentRequest>,
) {
  requireGranted(enterprise);
  await requireReservation(db, enterprise, body.ReservationId);
  const id = randomUUID();
  await db
    .insertInto('demo_pms_external_payments')
    .values({
      id,
      enterprise_id: enterprise.id,
      account_id: body.AccountId,
      reservation_id: body.ReservationId ?? null,
      currency: body.Amount.Currency,
      gross_value: grossOf(body.Amount),
      type: body.Type ?? null,
      external_identifier: body.ExternalIdentifier ?? null,
      notes: body.Notes ?? null,
      created_utc: new Date(),
    })
    .execute();
  return { ExternalPaymentId: id };
}
