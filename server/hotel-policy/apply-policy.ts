import type { PolicyEffects } from '../../contract/resale-policy.ts';
import { inTransaction } from '../db/transaction.ts';
import { AppError } from '../http/errors.ts';
import type { BuyingDeps } from '../payments/deps.ts';
import { endHold } from '../payments/release-hold.ts';
import { storedFacts } from '../resale-policy/facts.ts';
import { pauseForHotel, resumeForHotel } from '../resale-policy/pause-listing.ts';
import { hotelStanding } from '../resale-policy/standing.ts';
import { policyVerdict } from '../resale-policy/verdict.ts';

/**
 * Brings a hotel's live listings in line with its standing and live policy, right after it changed (a publish,
 * "Pause all resale" or its end, a suspended or restored integration): a listing that no longer complies is
 * paused with the reason for its seller; one the hotel paused that complies again resumes by itself. A stay
 * someone is paying for is released first (its checkout expired at the payment provider); a buyer who had
 * already paid keeps the stay: that sale finishes its transfer. Safe to repeat.
 */
export async function applyHotelPolicy(deps: BuyingDeps, hotelId: string): Promise<PolicyEffects> {
  const effects: PolicyEffects = { paused: 0, resumed: 0, holdsReleased: 0 };
  const hotel = await deps.db.selectFrom('hotels').select('enterprise_id').where('id', '=', hotelId).executeTakeFirst();
  if (!hotel) return effects;
  const standing = await hotelStanding(deps.db, { hotelId }, '');
  const listings = await deps.db
    .selectFrom('listings')
    .innerJoin('reservations', 'reservations.id', 'listings.reservation_id')
    .select([
      'listings.id',
      'listings.status',
      'listings.price_cents',
      'listings.hotel_pause_reason',
      'reservations.rate_id',
      'reservations.room_type_id',
      'reservations.channels',
      'reservations.start_utc',
      'reservations.end_utc',
      'reservations.time_zone',
      'reservations.currency',
      'reservations.amount_paid_cents',
    ])
    .where('reservations.enterprise_id', '=', hotel.enterprise_id)
    .where('listings.status', 'in', ['active', 'reserved', 'inactive'])
    .execute();

  for (const listing of listings) {
    const now = deps.clock();
    const reasons = policyVerdict(standing, storedFacts(listing, listing.price_cents), now);
    let status = listing.status;
    if (status === 'reserved' && reasons.length) {
      if (!(await releaseHold(deps, listing.id))) continue;
      effects.holdsReleased++;
      status = 'active';
    }
    await inTransaction(deps.db, async (trx) => {
      if (reasons.length) {
        if (await pauseForHotel(trx, { ...listing, status }, reasons, now)) effects.paused++;
      } else if (status === 'inactive' && listing.hotel_pause_reason !== null) {
        await resumeForHotel(trx, listing.id, now);
        effects.resumed++;
      }
    }).catch((error: unknown) => {
      // The listing moved since it was read (a buyer, its seller, another sweep): the next change looks again,
      // and checkout checks the policy itself.
      if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error;
    });
  }
  return effects;
}

/** Ends the open hold on a listing: true when the stay is back on the market, false when its buyer had paid. */
async function releaseHold(deps: BuyingDeps, listingId: string): Promise<boolean> {
  const order = await deps.db
    .selectFrom('orders')
    .selectAll()
    .where('listing_id', '=', listingId)
    .where('state', '=', 'open')
    .executeTakeFirst();
  if (!order) return false;
  const ended = await endHold(deps, order, 'cancelled', 'the hotel no longer allows this resale');
  return ended.state === 'cancelled' || ended.state === 'expired';
}
