import { sql } from 'kysely';
import type { Executor } from '../../db/transaction.ts';
import type { NewProfile, NewReservation } from '../../db/schema.ts';
import { marketplaceDemoPmsRows } from './demo-marketplace-rows.ts';
import { buildDemoPmsRows, type DemoPmsRows } from './demo-rows.ts';

/** The marketplace seed's rows, whose reservations the demo PMS holds as well. */
export interface MarketplaceSeed {
  profiles: NewProfile[];
  reservations: NewReservation[];
}

/**
 * Fills the demo PMS when it holds no hotel yet (start-up runs this every time, so it must never duplicate):
 * the bookable demo stays, and the marketplace seed's reservations. Call it inside the caller's transaction.
 */
export async function seedDemoPms(
  db: Executor,
  now: Date,
  marketplace: () => MarketplaceSeed,
): Promise<{ reservations: number }> {
  const existing = await db.selectFrom('demo_pms_enterprises').select('id').limit(1).executeTakeFirst();
  if (existing) return { reservations: 0 };
  return insertDemoPms(db, now, marketplace());
}

/** Replaces every demo PMS row with a fresh set dated from `now` (`npm run db:seed`). */
export async function resetDemoPms(
  db: Executor,
  now: Date,
  marketplace: MarketplaceSeed,
): Promise<{ reservations: number }> {
  // Every other demo PMS table cascades from its enterprise.
  await db.deleteFrom('demo_pms_enterprises').execute();
  return insertDemoPms(db, now, marketplace);
}

async function insertDemoPms(db: Executor, now: Date, marketplace: MarketplaceSeed): Promise<{ reservations: number }> {
  const bookable = buildDemoPmsRows(now);
  const listed = marketplaceDemoPmsRows(marketplace);
  const rows: DemoPmsRows = {
    enterprises: [...bookable.enterprises, ...listed.enterprises],
    rateGroups: [...bookable.rateGroups, ...listed.rateGroups],
    rates: [...bookable.rates, ...listed.rates],
    categories: [...bookable.categories, ...listed.categories],
    resources: [...bookable.resources, ...listed.resources],
    customers: [...bookable.customers, ...listed.customers],
    reservations: [...bookable.reservations, ...listed.reservations],
    orderItems: [...bookable.orderItems, ...listed.orderItems],
  };
  return { reservations: await insertDemoPmsRows(db, rows) };
}

/** Writes demo PMS rows, each table in its turn; answers how many reservations were new. */
export async function insertDemoPmsRows(db: Executor, rows: DemoPmsRows): Promise<number> {
  // DO NOTHING on conflict: the ids are fixed, so an instance seeding at the same moment simply wins.
  await db
    .insertInto('demo_pms_enterprises')
    .values(rows.enterprises)
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('demo_pms_rate_groups')
    .values(rows.rateGroups)
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('demo_pms_rates')
    .values(rows.rates)
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
  return inserted.length;
}

/**
 * The marketplace seed writes its reservations as if imported: they learn here what an import reads for the
 * hotel's resale policy (which hotel, rate and room type), from the demo PMS that holds them. Run after both are
 * written: the hotel (its enterprise) is what the stay's page, the marketplace's filter and checkout all ask.
 */
export async function stampMarketplaceReservations(db: Executor) {
  await sql`
    UPDATE reservations r
    SET enterprise_id = d.enterprise_id::text, rate_id = d.rate_id::text, room_type_id = d.category_id::text
    FROM demo_pms_reservations d
    WHERE ${UNSTAMPED}`.execute(db);
}

/** A marketplace reservation `r` the demo PMS holds as `d` that does not name its hotel yet. */
const UNSTAMPED = sql`r.external_id = d.id::text AND r.enterprise_id IS NULL`;

/**
 * Whether the demo data is all there: the demo PMS and the marketplace both filled and every marketplace
 * reservation stamped. A warm start asks this one question and, answered yes, writes nothing; the seed's own
 * transaction (four statements and its begin and commit, each a turn on the embedded database's one session) runs
 * only when something is missing.
 */
export async function demoDataComplete(db: Executor): Promise<boolean> {
  const { rows } = await sql<{ complete: boolean }>`
    SELECT EXISTS (SELECT FROM demo_pms_enterprises) AND EXISTS (SELECT FROM listings)
      AND NOT EXISTS (SELECT FROM reservations r, demo_pms_reservations d WHERE ${UNSTAMPED}) AS complete`.execute(db);
  return rows[0]?.complete === true;
}
