import type { AlertReason } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import type { AlertDeps } from './deps.ts';
import { findMatchingSearches } from './match-listing.ts';
import { recordNotices } from './record-notices.ts';

/**
 * Matches one listing change (the `alerts.match_listing` job): the saved searches it matches now become notices,
 * none if it is no longer for sale. Safe to repeat: notices are kept once per person, stay and reason.
 */
export async function matchListingChange(
  deps: Pick<AlertDeps, 'db' | 'clock'>,
  job: { listingId: string; reason: AlertReason; previousPriceCents: number | null },
): Promise<number> {
  const now = deps.clock();
  const listing = await deps.db
    .selectFrom('listings')
    .select(['id', 'place_id', 'geo_cell', 'start_utc', 'end_utc', 'price_cents', 'price_eur_cents', 'status'])
    .where('id', '=', job.listingId)
    .executeTakeFirst();
  // Sold, held or withdrawn since: the search would not show it, so nobody is told.
  if (!listing || listing.status !== 'active') return 0;
  // A later increase undoes a drop: only a price still below the previous one is news.
  if (job.reason === 'price_drop' && job.previousPriceCents !== null && listing.price_cents >= job.previousPriceCents)
    return 0;
  const matches = await findMatchingSearches(deps.db, listing, now);
  const change = {
    listingId: listing.id,
    reason: job.reason,
    priceCents: listing.price_cents,
    previousPriceCents: job.previousPriceCents,
  };
  return inTransaction(deps.db, (trx) => recordNotices(trx, change, matches, now));
}
