import type { Executor } from '../db/transaction.ts';
import type { HotelStanding } from './verdict.ts';
import { readStoredPolicy } from './stored-policy.ts';

/** A connected hotel's standing and which hotel it is (null id: no hotel by that enterprise joined). */
export interface HotelStandingRow extends HotelStanding {
  hotelId: string | null;
  /** The live version's number, or null while none is published. */
  version: number | null;
}

/**
 * The hotel holding reservations of this enterprise, its switch and live policy, in one indexed read (the
 * hotels' unique enterprise id, the versions' primary key): it sits on the path of every import and checkout.
 * `fallbackName` names a hotel that never joined (the reservation's hotel name, as its system gave it).
 */
export async function hotelStanding(
  db: Executor,
  hotel: { enterpriseId: string } | { hotelId: string },
  fallbackName: string,
): Promise<HotelStandingRow> {
  const query = db
    .selectFrom('hotels')
    .leftJoin('hotel_resale_pauses as pause', 'pause.hotel_id', 'hotels.id')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('hotel_policy_versions as v')
          .select(['v.version', 'v.policy'])
          .whereRef('v.hotel_id', '=', 'hotels.id')
          .orderBy('v.version', 'desc')
          .limit(1)
          .as('live'),
      (join) => join.onTrue(),
    )
    .select(['hotels.id', 'hotels.name', 'hotels.status', 'pause.paused_at', 'live.version', 'live.policy']);
  const row = await (
    'hotelId' in hotel
      ? query.where('hotels.id', '=', hotel.hotelId)
      : query.where('hotels.enterprise_id', '=', hotel.enterpriseId)
  ).executeTakeFirst();
  if (!row) return { hotelId: null, name: fallbackName, status: 'unknown', paused: false, policy: null, version: null };
  return {
    hotelId: row.id,
    name: row.name,
    status: row.status,
    paused: row.paused_at !== null,
    policy: row.policy ? readStoredPolicy(row.policy) : null,
    version: row.version ?? null,
  };
}
