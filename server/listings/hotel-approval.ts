import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { HotelApproval } from '../../contract/hotel-approval.ts';
import { hotelApprovalRules, type ResalePolicy } from '../../contract/resale-policy.ts';
import type { Database } from '../db/schema.ts';

/**
 * The hotel that approves the resale of `reservationId`'s stay: joined (connected), resale not paused, and its
 * live (newest) policy version has resale on. One SQL condition, so the stay's page and the marketplace's
 * filter cannot disagree; the policy's finer rules need not be read again here, since a live listing that broke
 * them was already paused (server/hotel-policy/apply-policy.ts) and checkout checks them itself.
 */
function approvingHotel(reservationId: RawBuilder<unknown>) {
  return sql`
    from reservations as r
    join hotels as h on h.enterprise_id = r.enterprise_id and h.status = 'connected'
    cross join lateral (
      select v.policy from hotel_policy_versions as v where v.hotel_id = h.id order by v.version desc limit 1
    ) as live
    where r.id = ${reservationId}
      and (live.policy ->> 'resaleEnabled')::boolean
      and not exists (select 1 from hotel_resale_pauses as p where p.hotel_id = h.id)`;
}

/** The search condition "the hotel approves this listing's resale" (the marketplace's filter). */
export const hotelApprovesListing = () =>
  sql<SqlBool>`exists (select 1 ${approvingHotel(sql.ref('listings.reservation_id'))})`;

/** What a buyer reads on the stay's page: "Resale approved by <hotel>" and its rules; null when it does not approve. */
export async function hotelApprovalOf(db: Kysely<Database>, listingId: string): Promise<HotelApproval | null> {
  const { rows } = await sql<{ name: string; policy: ResalePolicy }>`
    select h.name, live.policy
    ${approvingHotel(sql`(select l.reservation_id from listings as l where l.id = ${listingId})`)}`.execute(db);
  const row = rows[0];
  return row ? { hotelName: row.name, rules: hotelApprovalRules(row.policy) } : null;
}
