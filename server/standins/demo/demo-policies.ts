import { sql } from 'kysely';
import type { ResalePolicy } from '../../../contract/resale-policy.ts';
import { NO_NAME_CHANGE_FEE, NOTHING_AT_THE_DESK } from '../../../contract/hotel-fee.ts';
import type { Executor } from '../../db/transaction.ts';

/** Who publishes the demo hotels' policies: a demo hotel admin, never a person who signs in. */
export const DEMO_HOTEL_ADMIN_ID = 'f0000000-0000-4000-8000-000000000001';
const DEMO_HOTEL_ADMIN_EMAIL = 'hotel-admin@demo.restay.invalid';

/**
 * The demo hotels' published policy: everything the demo marketplace sold before hotels had a say (every
 * channel, rate and room type, no cut-off beyond Restay's own, no blackout, no cap below Restay's).
 */
export const DEMO_POLICY: ResalePolicy = {
  resaleEnabled: true,
  rates: 'all',
  roomTypes: 'all',
  channels: ['direct', 'ota', 'travel_agency', 'group', 'corporate', 'voucher'],
  cutOffHours: 0,
  blackouts: [],
  priceCapPercent: 100,
  nameChangeFee: NO_NAME_CHANGE_FEE,
  deskCharges: NOTHING_AT_THE_DESK,
};

/**
 * Publishes DEMO_POLICY as version 1 for every connected hotel of the demo PMS's seeded enterprises that has
 * published nothing yet. Start-up's import of the configured demo tokens runs it in the transaction that makes
 * the hotels rows (importConfiguredHotels' `whenHotelsJoin`), so a demo hotel is never seen joined without its
 * policy; a hotel connected through "Connect a demo hotel" is not seeded (it starts with resale off, as every new
 * hotel). Answers how many it published.
 */
export async function publishDemoPolicies(db: Executor, now: Date): Promise<number> {
  await db
    .insertInto('profiles')
    .values({ id: DEMO_HOTEL_ADMIN_ID, email: DEMO_HOTEL_ADMIN_EMAIL, first_name: 'Demo', last_name: 'Hotel admin' })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const published = await sql<{ hotel_id: string }>`
    INSERT INTO hotel_policy_versions (hotel_id, version, policy, published_by, published_at)
    SELECT h.id, 1, ${JSON.stringify(DEMO_POLICY)}::jsonb, ${DEMO_HOTEL_ADMIN_ID}::uuid, ${now}
    FROM hotels h
    JOIN demo_pms_enterprises e ON e.id::text = h.enterprise_id
    WHERE e.seeded AND NOT EXISTS (SELECT 1 FROM hotel_policy_versions v WHERE v.hotel_id = h.id)
    ON CONFLICT DO NOTHING
    RETURNING hotel_id`.execute(db);
  return published.rows.length;
}
