import type { PurchasedStay } from '../../contract/buying.ts';
import { toMajor } from '../../contract/money.ts';
import { PAYMENT_RECORDED_STATES } from '../../contract/order-state.ts';
import type { VerifiedUser } from '../auth/token-verifier.ts';
import { assertClaimsAreUser } from '../auth/claimed-user.ts';
import { LISTING_DTO_COLUMNS, toListingDto } from '../listings/listing-dto.ts';
import type { BuyingDeps } from './deps.ts';
import { transferRetriesOf } from '../orders/transfer-retries.ts';
import { handoverOf, refundInfoOf, reverseHandoverOf, timelinesOf } from './order-views.ts';

/**
 * The stays a user paid for, newest first, each with its order: its timeline, the hotel's details once the
 * stay is in the buyer's name, and why the money goes back when it does (so the buyer sees where it went).
 */
export async function listPurchasedStays(
  deps: Pick<BuyingDeps, 'db'>,
  user: VerifiedUser,
  userId: string,
): Promise<PurchasedStay[]> {
  assertClaimsAreUser(user, [userId], 'You can only see your own stays');
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
      'orders.handover',
      'orders.transferred_at',
      'orders.refund_reason',
      'orders.refund_note',
      'orders.refund_requested_at',
      'orders.refunded_at',
      'orders.reverse_handover',
      'orders.reverse_handover_at',
    ])
    .where('orders.buyer_id', '=', user.id)
    .where('orders.state', 'in', PAYMENT_RECORDED_STATES)
    .orderBy('orders.updated_at', 'desc')
    .orderBy('orders.id')
    .execute();
  const orderIds = rows.map((row) => row.order_id);
  const timelines = await timelinesOf(deps.db, orderIds);
  const retries = await transferRetriesOf(deps.db, orderIds);
  return rows.map((row) => ({
    ...toListingDto(row, user.id),
    order: {
      id: row.order_id,
      state: row.order_state,
      amount: toMajor(row.order_amount_cents),
      currency: row.order_currency,
      paidAt: row.order_paid_at ? row.order_paid_at.toISOString() : null,
      timeline: timelines.get(row.order_id) ?? [],
      handover: handoverOf(row),
      refund: refundInfoOf(row, 'buyer'),
      transferRetry: retries.get(row.order_id) ?? null,
      reverseHandover: reverseHandoverOf(row),
    },
  }));
}
