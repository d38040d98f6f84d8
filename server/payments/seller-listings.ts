import type { Kysely } from 'kysely';
import { HOTEL_WITHDRAWAL_MESSAGES, type HotelWithdrawal, type SellerListing } from '../../contract/handover.ts';
import { toMajor } from '../../contract/money.ts';
import { settledPayoutCents, type PayoutInfo, type PayoutState } from '../../contract/payouts.ts';
import type { Database } from '../db/schema.ts';
import { toListingDto } from '../listings/listing-dto.ts';
import { findListingsBySeller } from '../listings/queries.ts';
import { EDITABLE_STATUSES } from '../../contract/selling.ts';
import { hotelStanding } from '../resale-policy/standing.ts';
import { priceCap } from '../selling/pricing.ts';
import { refundInfoOf, reverseHandoverOf } from './order-views.ts';
import { sellerApprovalTexts } from './seller-approval-texts.ts';

/**
 * A seller's own listings in every status, each with its sale's outcome: the order that bought it (the one
 * that was ever paid), when the reservation left the seller's name, or why the buyer was refunded, and the
 * seller's payout for it; and, for a listing the hotel's own change withdrew, why.
 */
export async function listSellerListings(
  db: Kysely<Database>,
  sellerId: string,
  maxMarkupPercent: number,
): Promise<SellerListing[]> {
  const rows = await findListingsBySeller(db, sellerId);
  const ceilingOf = await editableCeilings(db, sellerId, maxMarkupPercent);
  const approvalTextOf = await sellerApprovalTexts(db, sellerId);
  const sales = rows.length
    ? await db
        .selectFrom('orders')
        .leftJoin('payouts', 'payouts.order_id', 'orders.id')
        .select([
          'orders.id',
          'orders.listing_id',
          'orders.state',
          'orders.transferred_at',
          'orders.refund_reason',
          'orders.refund_note',
          'orders.refund_requested_at',
          'orders.refunded_at',
          'orders.reverse_handover',
          'orders.reverse_handover_at',
          'payouts.state as payout_state',
          'payouts.sale_cents',
          'payouts.fee_cents',
          'payouts.refunded_cents',
          'payouts.currency as sale_currency',
          'payouts.payout_currency',
          'payouts.payout_cents',
          'orders.amount_received_cents',
          'orders.settled_currency',
          'orders.settled_cents',
          'payouts.release_at',
          'payouts.paid_at',
        ])
        .where(
          'orders.listing_id',
          'in',
          rows.map((row) => row.id),
        )
        .where('orders.paid_at', 'is not', null)
        .execute()
    : [];
  const saleOf = new Map(sales.map((sale) => [sale.listing_id, sale]));
  const withdrawals = await db
    .selectFrom('listings')
    .select(['id', 'withdrawn_by_hotel'])
    .where('seller_id', '=', sellerId)
    .where('status', '=', 'withdrawn')
    .where('withdrawn_by_hotel', 'is not', null)
    .execute();
  const withdrawalOf = new Map(withdrawals.map((row) => [row.id, row.withdrawn_by_hotel]));
  const hotelPauses = rows.length
    ? await db
        .selectFrom('listings')
        .select(['id', 'hotel_pause_reason'])
        .where(
          'id',
          'in',
          rows.map((row) => row.id),
        )
        .where('hotel_pause_reason', 'is not', null)
        .execute()
    : [];
  const pauseOf = new Map(hotelPauses.map((row) => [row.id, row.hotel_pause_reason]));
  return rows.map((row) => {
    const sale = saleOf.get(row.id);
    return {
      ...toListingDto(row, sellerId),
      hotelPauseReason: pauseOf.get(row.id) ?? null,
      hotelApprovalText: approvalTextOf.get(row.id) ?? null,
      priceCeiling: ceilingOf.get(row.id) ?? null,
      sale: sale
        ? {
            orderId: sale.id,
            state: sale.state,
            transferredAt: sale.transferred_at ? sale.transferred_at.toISOString() : null,
            refund: refundInfoOf(sale, 'seller'),
            payout: payoutInfoOf(sale),
            reverseHandover: reverseHandoverOf(sale),
          }
        : null,
      withdrawnByHotel: row.status === 'withdrawn' ? hotelWithdrawalText(withdrawalOf.get(row.id)) : null,
    };
  });
}

/**
 * The ceiling of each listing its seller may still edit (active or paused), as the listing's creation held it:
 * what was paid at the hotel plus Restay's markup, or the hotel's cap where lower, with the same sentence.
 */
async function editableCeilings(db: Kysely<Database>, sellerId: string, maxMarkupPercent: number) {
  const editable = await db
    .selectFrom('listings')
    .innerJoin('reservations', 'reservations.id', 'listings.reservation_id')
    .select([
      'listings.id',
      'listings.paid_cents',
      'listings.currency',
      'listings.hotel_name',
      'reservations.enterprise_id',
    ])
    .where('listings.seller_id', '=', sellerId)
    .where('listings.status', 'in', EDITABLE_STATUSES)
    .execute();
  const ceilings = new Map<string, { maxPrice: number; overCapMessage: string }>();
  // A seller's stays are often at one hotel: its standing is read once.
  const standings = new Map<string, ReturnType<typeof hotelStanding>>();
  const standingOf = (enterpriseId: string, name: string) => {
    const key = `${enterpriseId}\n${name}`;
    if (!standings.has(key)) standings.set(key, hotelStanding(db, { enterpriseId }, name));
    return standings.get(key)!;
  };
  for (const listing of editable) {
    const standing = await standingOf(listing.enterprise_id ?? '', listing.hotel_name ?? '');
    const paid = { amountPaidCents: listing.paid_cents, currency: listing.currency };
    const { ceiling, message } = priceCap(paid, maxMarkupPercent, standing);
    if (ceiling !== null && message !== null)
      ceilings.set(listing.id, { maxPrice: toMajor(ceiling), overCapMessage: message });
  }
  return ceilings;
}

/**
 * The payout in the currency the seller receives: what the transfer sent, else their share converted at the rate
 * the provider applied to the charge (as the send job will compute it), else, before the charge has settled at
 * the provider, their share in the sale's currency.
 */
function payoutInfoOf(sale: {
  payout_state: PayoutState | null;
  sale_cents: number | null;
  fee_cents: number | null;
  /** What a partial refund took off the share when an operator released the payout. */
  refunded_cents: number | null;
  sale_currency: string | null;
  payout_currency: string | null;
  payout_cents: number | null;
  amount_received_cents: number | null;
  settled_currency: string | null;
  settled_cents: number | null;
  release_at: Date | null;
  paid_at: Date | null;
}): PayoutInfo | null {
  if (!sale.payout_state || sale.sale_cents === null || sale.fee_cents === null || !sale.release_at) return null;
  const share = sale.sale_cents - sale.fee_cents - (sale.refunded_cents ?? 0);
  const saleCurrency = sale.sale_currency ?? '';
  const received =
    sale.payout_currency && sale.payout_cents !== null
      ? { cents: sale.payout_cents, currency: sale.payout_currency }
      : sale.settled_currency && sale.settled_cents !== null && sale.amount_received_cents !== null
        ? {
            cents: settledPayoutCents(
              {
                receivedCents: sale.amount_received_cents,
                settledCents: sale.settled_cents,
                settledCurrency: sale.settled_currency,
              },
              share,
            ),
            currency: sale.settled_currency,
          }
        : { cents: share, currency: saleCurrency };
  return {
    state: sale.payout_state,
    amount: toMajor(received.cents),
    currency: received.currency,
    saleAmount: toMajor(share),
    saleCurrency,
    releaseAt: sale.release_at.toISOString(),
    paidAt: sale.paid_at ? sale.paid_at.toISOString() : null,
  };
}

function hotelWithdrawalText(withdrawal: HotelWithdrawal | null | undefined): string | null {
  return withdrawal ? HOTEL_WITHDRAWAL_MESSAGES[withdrawal] : null;
}
