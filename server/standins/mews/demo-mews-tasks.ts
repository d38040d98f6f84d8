import { randomUUID } from 'node:crypto';
import type { Executor } from '../../db/transaction.ts';
import type { Enterprise } from './demo-mews-replies.ts';
import { DemoMewsRefusal } from './demo-mews-writes.ts';

/** A service order (here: a reservation) of this enterprise named by a write, else Mews' 400. */
async function assertOwnOrder(db: Executor, enterprise: Enterprise, orderId: string, field: string) {
  const order = await db
    .selectFrom('demo_pms_reservations')
    .select('id')
    .where('enterprise_id', '=', enterprise.id)
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order) throw new DemoMewsRefusal(400, `Invalid ${field}`);
}

/** tasks/add: a task for the hotel's staff, linked to a reservation when `ServiceOrderId` names one. */
export async function addTask(
  db: Executor,
  enterprise: Enterprise,
  body: { Name: string; Description?: string | null; DeadlineUtc: string; ServiceOrderId?: string | null },
  now: Date,
) {
  if (body.ServiceOrderId) await assertOwnOrder(db, enterprise, body.ServiceOrderId, 'ServiceOrderId');
  const id = randomUUID();
  await db
    .insertInto('demo_pms_tasks')
    .values({
      id,
      enterprise_id: enterprise.id,
      service_order_id: body.ServiceOrderId ?? null,
      name: body.Name,
      description: body.Description ?? null,
      deadline_utc: body.DeadlineUtc,
      created_utc: now,
    })
    .execute();
  return { TaskId: id };
}

/** serviceOrderNotes/add: notes on reservations; all or none (each order must be the enterprise's). */
export async function addServiceOrderNotes(
  db: Executor,
  enterprise: Enterprise,
  body: { ServiceOrderNotes: { ServiceOrderId: string; Text: string }[] },
  now: Date,
) {
  for (const note of body.ServiceOrderNotes)
    await assertOwnOrder(db, enterprise, note.ServiceOrderId, 'ServiceOrderId');
  const notes = body.ServiceOrderNotes.map((note) => ({
    id: randomUUID(),
    enterprise_id: enterprise.id,
    order_id: note.ServiceOrderId,
    text: note.Text,
    created_utc: now,
  }));
  if (notes.length) await db.insertInto('demo_pms_order_notes').values(notes).execute();
  return {
    ServiceOrderNotes: notes.map((note) => ({
      Id: note.id,
      OrderId: note.order_id,
      Text: note.text,
      Type: 'General',
      CreatedUtc: now.toISOString(),
      UpdatedUtc: now.toISOString(),
    })),
  };
}
