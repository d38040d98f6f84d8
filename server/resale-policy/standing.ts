import type { Executor } from '../db/transaction.ts';
import type { HotelStanding } from './verdict.ts';
import { readStoredPolicy } from './stored-policy.ts';

/** A connected hotel's standing and which hotel it is (null id: no hotel by that enterprise joined). */
export interface HotelStandingRow extends HotelStanding {
  hotelId: string | null;
  /** The live version's number, or null while none is published. */
  version: number | null;
}

/** When a buyer paid (the provider's time) and when the stay was held for them. */
export interface PaymentMoment {
  paidAt: Date;
  heldAt: Date;
}

/**
 * The hotel holding reservations of this enterprise, its switch and live policy, in one indexed read (the
 * hotels' unique enterprise id, the versions' primary key): it sits on the path of every import and checkout.
 * `fallbackName` names a hotel that never joined (the reservation's hotel name, as its system gave it).
 *
 * `asOf` reads the standing a payment is judged by (ADR 0093): what its hold was judged by, changed only by what
 * came before the payment. A pause, and a change of status, count when they came before `paidAt` (a status
 * changed since reads as `connected`, the one the hold was placed under). The live version is the newest published
 * before `paidAt`, or by `heldAt`: the provider states a payment's time in whole seconds, so a payment may read as
 * earlier than its own hold, and the version the hold was judged under is live for it all the same.
 */
export async function hotelStanding(
  db: Executor,
  hotel: { enterpriseId: string } | { hotelId: string },
  fallbackName: string,
  asOf?: PaymentMoment,
): Promise<HotelStandingRow> {
  const query = db
    .selectFrom('hotels')
    .leftJoin('hotel_resale_pauses as pause', (join) => {
      const ofHotel = join.onRef('pause.hotel_id', '=', 'hotels.id');
      return asOf ? ofHotel.on('pause.paused_at', '<', asOf.paidAt) : ofHotel;
    })
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('hotel_policy_versions as v')
          .select(['v.version', 'v.policy'])
          .whereRef('v.hotel_id', '=', 'hotels.id')
          .$if(asOf !== undefined, (versions) =>
            versions.where((v) =>
              v.or([v('v.published_at', '<', asOf!.paidAt), v('v.published_at', '<=', asOf!.heldAt)]),
            ),
          )
          .orderBy('v.version', 'desc')
          .limit(1)
          .as('live'),
      (join) => join.onTrue(),
    )
    .select([
      'hotels.id',
      'hotels.name',
      'hotels.status',
      'hotels.status_changed_at',
      'pause.paused_at',
      'live.version',
      'live.policy',
    ]);
  const row = await (
    'hotelId' in hotel
      ? query.where('hotels.id', '=', hotel.hotelId)
      : query.where('hotels.enterprise_id', '=', hotel.enterpriseId)
  ).executeTakeFirst();
  if (!row) return { hotelId: null, name: fallbackName, status: 'unknown', paused: false, policy: null, version: null };
  const changedSince = asOf !== undefined && row.status_changed_at !== null && row.status_changed_at >= asOf.paidAt;
  return {
    hotelId: row.id,
    name: row.name,
    status: changedSince ? 'connected' : row.status,
    paused: row.paused_at !== null,
    policy: row.policy ? readStoredPolicy(row.policy) : null,
    version: row.version ?? null,
  };
}
