import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ResalePolicy } from '../../contract/resale-policy.ts';
import { NO_NAME_CHANGE_FEE, NOTHING_AT_THE_DESK } from '../../contract/hotel-fee.ts';
import type { Database } from '../../server/db/schema.ts';
import type { HotelRole } from '../../server/db/schema-hotels.ts';
import { hotelKeyOf } from '../../server/selling/pms/mews-pms.ts';
import { publishDemoPolicies } from '../../server/standins/demo/demo-policies.ts';
import { testCipher } from './hotels.ts';
import { registerHotelPolicyJobs } from '../../server/hotel-policy/register-jobs.ts';
import { JobRegistry } from '../../server/jobs/registry.ts';
import { runDueJobs } from '../../server/jobs/worker.ts';
import type { BuyingDeps } from '../../server/payments/deps.ts';

/** The hotel every test's reservations belong to unless a test says otherwise (the PMS doubles use it). */
export const TEST_ENTERPRISE_ID = 'e0000000-0000-4000-8000-00000000test';
export const TEST_HOTEL_NAME = 'Hotel Tejo';

/** A policy that allows every resale Restay itself allows: what the marketplace did before hotels had a say. */
export const ALLOW_ALL_POLICY: ResalePolicy = {
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
 * A connected hotel, with `policy` published as version 1 by a new admin when given. Its access token is stored
 * as the product stores one (encrypted under the test servers' HOTEL_TOKEN_KEY): the hotel's own when the test
 * has one (a demo PMS hotel's), else a placeholder that no test calls the hotel's system with. Answers the
 * hotel's id and its admin's profile id.
 */
export async function connectHotel(
  db: Kysely<Database>,
  fields: {
    enterpriseId?: string;
    name?: string;
    policy?: ResalePolicy | null;
    status?: 'connected' | 'pending' | 'suspended';
    accessToken?: string;
    /** When it joined and published: the test's clock, so that a payment on it comes after (ADR 0093). */
    now?: Date;
  } = {},
): Promise<{ hotelId: string; adminId: string }> {
  const now = fields.now ?? new Date();
  const enterpriseId = fields.enterpriseId ?? randomUUID();
  const accessToken = fields.accessToken ?? `test-token-${enterpriseId}`;
  const hotel = await db
    .insertInto('hotels')
    .values({
      enterprise_id: enterpriseId,
      name: fields.name ?? TEST_HOTEL_NAME,
      status: fields.status ?? 'connected',
      access_token_ciphertext: testCipher().encrypt(accessToken, { hotel: enterpriseId }),
      token_key: hotelKeyOf(accessToken),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const adminId = await addMember(db, hotel.id, 'admin');
  if (fields.policy !== null) {
    await db
      .insertInto('hotel_policy_versions')
      .values({
        hotel_id: hotel.id,
        version: 1,
        policy: JSON.stringify(fields.policy ?? ALLOW_ALL_POLICY),
        published_by: adminId,
        published_at: now,
      })
      .execute();
  }
  return { hotelId: hotel.id, adminId };
}

/** The id of the hotel holding reservations of `enterpriseId`. */
export async function hotelIdOf(db: Kysely<Database>, enterpriseId = TEST_ENTERPRISE_ID): Promise<string> {
  const row = await db
    .selectFrom('hotels')
    .select('id')
    .where('enterprise_id', '=', enterpriseId)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The user id of the hotel's first member: the admin `connectHotel` made. */
export async function firstMemberOf(db: Kysely<Database>, hotelId: string): Promise<string> {
  const member = await db
    .selectFrom('hotel_members')
    .select('user_id')
    .where('hotel_id', '=', hotelId)
    .executeTakeFirstOrThrow();
  return member.user_id;
}

/** A person (a new one unless `user` names them) working for the hotel in `role`; answers their user id. */
export async function addMember(
  db: Kysely<Database>,
  hotelId: string,
  role: HotelRole,
  user: { id: string; email: string } = {
    id: randomUUID(),
    email: `${role}-${randomUUID().slice(0, 8)}@hotel.example`,
  },
) {
  const { id, email } = user;
  await db
    .insertInto('profiles')
    .values({ id, email })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await db
    .insertInto('hotel_members')
    .values({ hotel_id: hotelId, user_id: id, role, created_at: new Date() })
    .execute();
  return id;
}

/**
 * What start-up does for the demo hotel system's seeded hotels: each becomes a connected hotel (as importing
 * the configured demo tokens makes it), then the demo stand-in publishes their policy.
 */
export async function connectDemoHotels(db: Kysely<Database>): Promise<void> {
  const enterprises = await db
    .selectFrom('demo_pms_enterprises')
    .select(['id', 'name', 'access_token'])
    .where('seeded', '=', true)
    .execute();
  for (const enterprise of enterprises) {
    const { id, name, access_token: accessToken } = enterprise;
    await connectHotel(db, { enterpriseId: id, name, policy: null, accessToken });
  }
  await publishDemoPolicies(db, new Date());
}

/** Runs the hotel policy's due jobs now: the listing pass a publish or the kill switch queued, and its emails. */
export function runHotelPolicyJobs(deps: BuyingDeps): Promise<number> {
  const registry = registerHotelPolicyJobs(new JobRegistry(), deps);
  return runDueJobs({ db: deps.db, clock: deps.clock, logger: deps.logger, registry });
}
