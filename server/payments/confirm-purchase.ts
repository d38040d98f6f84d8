import { z } from 'zod';
import type { Listing } from '../../contract/listing.ts';
import type { VerifiedUser } from '../auth/token-verifier.ts';
import { AppError, notFound } from '../http/errors.ts';
import { toListingDto } from '../listings/listing-dto.ts';
import { findListingById } from '../listings/queries.ts';
import { assertClaimsAreUser } from './claimed-user.ts';
import type { BuyingDeps } from './deps.ts';

/**
 * The browser's "mark purchased" call. It never sells anything: the sale is recorded from the payment
 * provider. It answers the sold listing when this buyer's order for it is paid, and 409 otherwise.
 */
export async function confirmPurchase(
  deps: Pick<BuyingDeps, 'db'>,
  user: VerifiedUser,
  listingId: string,
  claimedUserIds: readonly (string | undefined)[],
): Promise<Listing> {
  assertClaimsAreUser(user, claimedUserIds);
  const listing = z.guid().safeParse(listingId).success ? await findListingById(deps.db, listingId) : undefined;
  if (!listing) throw notFound('Listing');
  const paid = await deps.db
    .selectFrom('orders')
    .select('id')
    .where('listing_id', '=', listingId)
    .where('buyer_id', '=', user.id)
    .where('state', '=', 'paid')
    .executeTakeFirst();
  if (!paid)
    throw new AppError('CONFLICT', 'No payment for this stay has been recorded for you', { status: listing.status });
  return toListingDto(listing);
}
