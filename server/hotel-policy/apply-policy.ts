import type { Kysely } from 'kysely';
import type { PolicyEffects } from '../../contract/resale-policy.ts';
import type { Database } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { AppError } from '../http/errors.ts';
import type { BuyingDeps } from '../payments/deps.ts';
import { endHold } from '../payments/release-hold.ts';
import { pauseReasonText, STORED_FACT_COLUMNS, storedFacts } from '../resale-policy/facts.ts';
import { pauseForHotel, resumeForHotel } from '../resale-policy/pause-listing.ts';
import { hotelStanding } from '../resale-policy/standing.ts';
import { policyVerdict, type PolicyReason } from '../resale-policy/verdict.ts';

/** What bringing one listing in line does: pause it (releasing its open hold first), resume it, or nothing. */
type Step = 'pause' | 'release_and_pause' | 'resume' | 'none';

/**
 * The hotel's live listings, each with what its standing and live policy say of it now and the step that brings
 * it in line. Read with `db`, a transaction's included: a publish sees the version it is writing.
 */
async function listingsInLine(db: Kysely<Database>, hotelId: string, now: Date) {
  const hotel = await db.selectFrom('hotels').select('enterprise_id').where('id', '=', hotelId).executeTakeFirst();
  if (!hotel) return [];
  const standing = await hotelStanding(db, { hotelId }, '');
  const listings = await db
    .selectFrom('listings')
    .innerJoin('reservations', 'reservations.id', 'listings.reservation_id')
    .select([
      'listings.id',
      'listings.status',
      'listings.price_cents',
      'listings.hotel_pause_reason',
      ...STORED_FACT_COLUMNS,
    ])
    .where('reservations.enterprise_id', '=', hotel.enterprise_id)
    .where('listings.status', 'in', ['active', 'reserved', 'inactive'])
    .execute();
  return listings.map((listing) => {
    const reasons = policyVerdict(standing, storedFacts(listing, listing.price_cents), now);
    return { listing, reasons, step: stepFor(listing, reasons) };
  });
}

function stepFor(listing: { status: string; hotel_pause_reason: string | null }, reasons: PolicyReason[]): Step {
  if (!reasons.length) return listing.status === 'inactive' && listing.hotel_pause_reason !== null ? 'resume' : 'none';
  if (listing.status === 'reserved') return 'release_and_pause';
  if (listing.status === 'active') return 'pause';
  // Paused by the hotel for another reason: it takes the new one (and its seller hears it); the seller's own pause is theirs.
  const renewed = listing.hotel_pause_reason !== null && listing.hotel_pause_reason !== pauseReasonText(reasons);
  return renewed ? 'pause' : 'none';
}

/**
 * What bringing the hotel's listings in line will do, counted in the transaction that changed its standing (a
 * publish, the kill switch) before the job does it: the admin hears at once. A hold whose buyer pays meanwhile
 * keeps its stay, so the job may pause one fewer than said.
 */
export async function forecastHotelPolicy(db: Kysely<Database>, hotelId: string, now: Date): Promise<PolicyEffects> {
  const steps = (await listingsInLine(db, hotelId, now)).map(({ step }) => step);
  const count = (...wanted: Step[]) => steps.filter((step) => wanted.includes(step)).length;
  return {
    paused: count('pause', 'release_and_pause'),
    resumed: count('resume'),
    holdsReleased: count('release_and_pause'),
  };
}

/**
 * Brings a hotel's live listings in line with its standing and live policy, after it changed (a publish,
 * "Pause all resale" or its end, a suspended or restored integration), as the APPLY_HOTEL_POLICY job: a
 * listing that no longer complies is paused with the reason for its seller; one the hotel paused that complies
 * again resumes by itself. A stay someone is paying for is released first (its checkout expired at the payment
 * provider); a buyer who had already paid keeps the stay: that sale finishes its transfer. Safe to repeat: a
 * provider or database error midway fails the attempt, and the next one does what is left.
 */
export async function applyHotelPolicy(deps: BuyingDeps, hotelId: string): Promise<PolicyEffects> {
  const effects: PolicyEffects = { paused: 0, resumed: 0, holdsReleased: 0 };
  for (const { listing, reasons, step } of await listingsInLine(deps.db, hotelId, deps.clock())) {
    if (step === 'none') continue;
    const now = deps.clock();
    let status = listing.status;
    if (step === 'release_and_pause') {
      if (!(await releaseHold(deps, listing.id))) continue;
      effects.holdsReleased++;
      status = 'active';
    }
    await inTransaction(deps.db, async (trx) => {
      if (step === 'resume') {
        await resumeForHotel(trx, listing.id, now);
        effects.resumed++;
      } else if (await pauseForHotel(trx, { ...listing, status }, reasons, now)) effects.paused++;
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
