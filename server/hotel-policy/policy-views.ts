import { DEFAULT_RESALE_POLICY, type HotelPolicyView, type PolicyVersionView } from '../../contract/resale-policy.ts';
import type { Executor } from '../db/transaction.ts';
import { readStoredPolicy } from '../resale-policy/stored-policy.ts';
import type { HotelRole } from '../../contract/hotels.ts';

/** Every published version of the hotel's policy, newest first, with who published it (their email). */
export async function policyVersions(db: Executor, hotelId: string): Promise<PolicyVersionView[]> {
  const rows = await db
    .selectFrom('hotel_policy_versions as v')
    .leftJoin('profiles', 'profiles.id', 'v.published_by')
    .select(['v.version', 'v.policy', 'v.published_at', 'v.published_by', 'profiles.email'])
    .where('v.hotel_id', '=', hotelId)
    .orderBy('v.version', 'desc')
    .execute();
  return rows.map((row) => ({
    version: row.version,
    policy: readStoredPolicy(row.policy),
    publishedAt: row.published_at.toISOString(),
    publishedBy: row.email ?? row.published_by,
  }));
}

/** The console's policy page: the live version (if any), the switch, and what the form starts from. */
export async function policyView(
  db: Executor,
  hotel: HotelPolicyView['hotel'],
  role: HotelRole,
): Promise<HotelPolicyView> {
  const [live] = await policyVersions(db, hotel.id);
  const pause = await db
    .selectFrom('hotel_resale_pauses')
    .select('paused_at')
    .where('hotel_id', '=', hotel.id)
    .executeTakeFirst();
  return {
    hotel,
    role,
    live: live ?? null,
    pausedAt: pause?.paused_at.toISOString() ?? null,
    draft: live?.policy ?? DEFAULT_RESALE_POLICY,
  };
}
