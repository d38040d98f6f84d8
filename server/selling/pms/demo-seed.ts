import type { Executor } from '../../db/transaction.ts';
import { buildDemoPmsRows } from './demo-rows.ts';

/**
 * Fills the demo PMS when it holds no hotel yet (start-up runs this every time, so it must never duplicate).
 * Call it inside the caller's transaction.
 */
export async function seedDemoPms(db: Executor, now: Date): Promise<{ reservations: number }> {
  const existing = await db.selectFrom('demo_pms_enterprises').select('id').limit(1).executeTakeFirst();
  if (existing) return { reservations: 0 };
  return insertDemoPms(db, now);
}

/** Replaces every demo PMS row with a fresh set dated from `now` (`npm run db:seed`). */
export async function resetDemoPms(db: Executor, now: Date): Promise<{ reservations: number }> {
  // Every other demo PMS table cascades from its enterprise.
  await db.deleteFrom('demo_pms_enterprises').execute();
  return insertDemoPms(db, now);
}

async function insertDemoPms(db: Executor, now: Date): Promise<{ reservations: number }> {
  const rows = buildDemoPmsRows(now);
  // DO NOTHING on conflict: the ids are fixed, so an instance seeding at the same moment simply wins.
  await db
    .insertInto('demo_pms_enterprises')
    .values(rows.enterprises)
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('demo_pms_resource_categories')
    .values(rows.categories)
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('demo_pms_resources')
    .values(rows.resources)
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('demo_pms_customers')
    .values(rows.customers)
    .onConflict((oc) => oc.doNothing())
    .execute();
  const inserted = await db
    .insertInto('demo_pms_reservations')
    .values(rows.reservations)
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .execute();
  await db
    .insertInto('demo_pms_order_items')
    .values(rows.orderItems)
    .onConflict((oc) => oc.doNothing())
    .execute();
  return { reservations: inserted.length };
}
