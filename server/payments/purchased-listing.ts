import { z } from 'zod';
import type { Listing } from '../../contract/listing.ts';
import { SALE_STATES } from '../../contract/order-state.ts';
import type { VerifiedUser } from '../auth/token-verifier.ts';
import { AppError, notFound } from '../http/errors.ts';
import { toListingDto } from '../listings/listing-dto.ts';
import { findListingById } from '../listings/queries.ts';
import { assertClaimsAreUser } from '../auth/claimed-user.ts';
import type { BuyingDeps } from './deps.ts';

/**
 * Reads the listing this buyer bought, for the browser's legacy "mark purchased" call. It confirms and sells
 * nothing (the sale is recorded only from the payment provider): it answers the sold listing when this buyer's
 * order for it is a sale (paid, transferring or transferred), and 409 otherwise.
 */
export async function readPurchasedListing(
  deps: Pick<BuyingDeps, 'db'>,
  user: VerifiedUser,
  listingId: string,
  claimedUserIds: readonly (string | undefined)[],
): Promise<Listing> {
  assertClaimsAreUser(user, claimedUserIds, 'You can only buy for yourself');
  const listing = z.guid().safeParse(listingId).success ? await findListingById(deps.db, listingId) : undefined;
  if (!listing) throw notFound('Listing');
  const paid = await deps.db
    .selectFrom('orders')
    .select('id')
    .where('listing_id', '=', listingId)
    .where('buyer_id', '=', user.id)
    .where('state', 'in', SALE_STATES)
    .executeTakeFirst();
  if (!paid)
    throw new AppError('CONFLICT', 'No payment for this stay has been recorded for you', { status: listing.status });
  return toListingDto(listing, user.id);
}
