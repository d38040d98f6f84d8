import type { PurchasedStay } from '../../contract/buying.ts';
import { toMajor } from '../../contract/money.ts';
import type { VerifiedUser } from '../auth/token-verifier.ts';
import { AppError } from '../http/errors.ts';
import { LISTING_DTO_COLUMNS, toListingDto } from '../listings/listing-dto.ts';
import type { BuyingDeps } from './deps.ts';

/**
 * The stays a user paid for, newest first, each with its order: the sales, and payments that were refunded
 * because the stay was no longer held for them (so the buyer sees where their money went).
 */
export async function listPurchasedStays(
  deps: Pick<BuyingDeps, 'db'>,
  user: VerifiedUser,
  userId: string,
): Promise<PurchasedStay[]> {
  if (userId !== user.id) throw new AppError('FORBIDDEN', 'You can only see your own stays');
  const rows = await deps.db
    .selectFrom('orders')
    .innerJoin('listings', 'listings.id', 'orders.listing_id')
    .leftJoin('profiles', 'profiles.id', 'listings.seller_id')
    .select([
      ...LISTING_DTO_COLUMNS,
      'profiles.first_name',
      'orders.id as order_id',
      'orders.state as order_state',
      'orders.amount_cents as order_amount_cents',
      'orders.currency as order_currency',
      'orders.paid_at as order_paid_at',
    ])
    .where('orders.buyer_id', '=', user.id)
    .where('orders.state', 'in', ['paid', 'refunded'])
    .orderBy('orders.updated_at', 'desc')
    .orderBy('orders.id')
    .execute();
  return rows.map((row) => ({
    ...toListingDto(row),
    order: {
      id: row.order_id,
      state: row.order_state,
      amount: toMajor(row.order_amount_cents),
      currency: row.order_currency,
      paidAt: row.order_paid_at ? row.order_paid_at.toISOString() : null,
    },
  }));
}
