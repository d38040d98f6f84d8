import { sql, type Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { ResalePolicy } from '../../../contract/resale-policy.ts';
import { startBackgroundLoop } from '../../background-loop.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';

/** Who publishes the demo hotels' policies: a demo hotel admin, never a person who signs in. */
export const DEMO_HOTEL_ADMIN_ID = 'f0000000-0000-4000-8000-000000000001';
const DEMO_HOTEL_ADMIN_EMAIL = 'hotel-admin@demo.restay.invalid';
const EVERY_MS = 2_000;

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
};

/**
 * Publishes DEMO_POLICY as version 1 for every connected hotel of the demo PMS's seeded enterprises that has
 * published nothing yet. Hotels are made rows when the configured demo tokens are imported at start-up, so
 * this runs again every couple of seconds; a hotel connected through "Connect a demo hotel" is not seeded
 * (it starts with resale off, as every new hotel). Answers how many it published.
 */
export async function publishDemoPolicies(db: Kysely<Database>, now: Date): Promise<number> {
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

/** The stand-in's loop that publishes the demo hotels' policies as soon as they are connected. */
export function startDemoPolicies(deps: { db: Kysely<Database>; clock: Clock; logger: Logger }) {
  return startBackgroundLoop(
    async () => {
      const published = await publishDemoPolicies(deps.db, deps.clock());
      if (published) deps.logger.info({ published }, 'demo hotels given their published resale policy');
    },
    EVERY_MS,
    (error) => deps.logger.error({ err: error }, 'publishing the demo hotels’ policies failed'),
  );
}
