import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { HotelApproval } from '../../contract/hotel-approval.ts';
import { stayChargeCents } from '../../contract/stay-charge.ts';
import { toMajor } from '../../contract/money.ts';
import { hotelApprovalRules, resalePolicySchema } from '../../contract/resale-policy.ts';
import type { Database } from '../db/schema.ts';

/**
 * The hotel that approves the resale of `reservationId`'s stay: joined (connected), resale not paused, and its
 * live (newest) policy version has resale on. One SQL condition, so the stay's page and the marketplace's
 * filter cannot disagree; the policy's finer rules need not be read again here, since a live listing that broke
 * them was already paused (server/hotel-policy/apply-policy.ts) and checkout checks them itself.
 */
function approvingHotel(reservationId: RawBuilder<unknown>, withListing: RawBuilder<unknown> = sql``) {
  return sql`
    from reservations as r
    ${withListing}
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
  const { rows } = await sql<{ name: string; policy: unknown; price_cents: number; currency: string }>`
    select h.name, live.policy, l.price_cents, l.currency
    ${approvingHotel(sql`l.reservation_id`, sql`join listings as l on l.id = ${listingId}`)}`.execute(db);
  const row = rows[0];
  if (!row) return null;
  // Read through the schema: a version published before the fee existed has none.
  const policy = resalePolicySchema.parse(row.policy);
  const charge = stayChargeCents(policy.nameChangeFee, { priceCents: row.price_cents, currency: row.currency });
  return {
    hotelName: row.name,
    rules: hotelApprovalRules(policy),
    total: {
      price: toMajor(charge.priceCents),
      hotelFee: toMajor(charge.hotelFeeCents),
      allInTotal: toMajor(charge.totalCents),
      currency: row.currency,
      hotelName: row.name,
      desk: policy.deskCharges,
    },
  };
}
