import { refundMessage } from '../../contract/order-state.ts';
import { sellerShareCents } from '../../contract/payouts.ts';
import { orderEmailJob } from '../orders/order-email-job.ts';
import type { JobRegistry } from '../jobs/registry.ts';
import type { PayoutDeps } from './deps.ts';
import { payoutWaitingForAccount, sellerSaleRefundedAfterHandover } from './emails.ts';
import { SALE_JOBS } from '../orders/sale-jobs.ts';
import { PAYOUT_JOBS } from './jobs.ts';
import { reversePayout } from './reverse-payout.ts';
import { payKeptSale, scheduleSalePayout } from './schedule-payout.ts';
import { sendPayout } from './send-payout.ts';
import { reverseHotelPayout, sendHotelPayout } from './hotel-payouts.ts';
import { postHotelFeeToBill } from './post-hotel-fee.ts';

/**
 * A payout is tried for about a day (12 attempts, 30 s doubling up to an hour): long enough for a
 * provider outage or a platform balance still waiting for funds; a failure after that is logged for an operator.
 */
const PAYOUT_ATTEMPTS = 12;
const PAYOUT_BACKOFF_MS = 30_000;

export function registerPayoutJobs(registry: JobRegistry, deps: PayoutDeps): JobRegistry {
  const policy = { maxAttempts: PAYOUT_ATTEMPTS, backoffMs: PAYOUT_BACKOFF_MS };
  return registry
    .register(PAYOUT_JOBS.send, { ...policy, run: ({ orderId }, { lease }) => sendPayout(deps, orderId, lease) })
    .register(PAYOUT_JOBS.postHotelFee, { ...policy, run: ({ orderId }) => postHotelFeeToBill(deps, orderId) })
    .register(PAYOUT_JOBS.sendHotelFee, {
      ...policy,
      run: ({ orderId }, { lease }) => sendHotelPayout(deps, orderId, lease),
    })
    .register(SALE_JOBS.reverseHotelFee, {
      ...policy,
      run: ({ orderId }, { lease }) => reverseHotelPayout(deps, orderId, lease),
    })
    .register(SALE_JOBS.schedulePayout, { ...policy, run: ({ orderId }) => scheduleSalePayout(deps, orderId) })
    .register(SALE_JOBS.payKeptSale, { ...policy, run: ({ orderId }) => payKeptSale(deps, orderId) })
    .register(SALE_JOBS.reversePayout, {
      ...policy,
      run: ({ orderId }, { lease }) => reversePayout(deps, orderId, lease),
    })
    .register(
      PAYOUT_JOBS.waitingEmail,
      orderEmailJob(
        deps,
        (orderId) => loadWaitingFacts(deps, orderId),
        (facts) => (facts.seller_email ? payoutWaitingForAccount(facts.seller_email, facts, deps.publicUrl) : null),
      ),
    )
    .register(
      PAYOUT_JOBS.refundedSaleEmail,
      orderEmailJob(
        deps,
        (orderId) => loadRefundedSaleFacts(deps, orderId),
        (facts) =>
          facts.seller_email ? sellerSaleRefundedAfterHandover(facts.seller_email, facts, deps.publicUrl) : null,
      ),
    );
}

/** The sold stay's payout and its seller, for the emails about it. */
function loadSellerPayout(deps: PayoutDeps, orderId: string) {
  return deps.db
    .selectFrom('payouts')
    .innerJoin('orders', 'orders.id', 'payouts.order_id')
    .innerJoin('listings', 'listings.id', 'orders.listing_id')
    .innerJoin('profiles as seller', 'seller.id', 'payouts.seller_id')
    .select([
      'seller.email as seller_email',
      'listings.hotel_name',
      'listings.title',
      'orders.refund_reason',
      'orders.refund_note',
      'payouts.state',
      'payouts.sale_cents',
      'payouts.fee_cents',
      'payouts.refunded_cents',
      'payouts.currency',
      'payouts.payout_cents',
      'payouts.payout_currency',
    ])
    .where('payouts.order_id', '=', orderId)
    .executeTakeFirstOrThrow();
}

/** The refunded sale's payout as its seller reads it: what the transfer sent, else their share of the sale. */
async function loadRefundedSaleFacts(deps: PayoutDeps, orderId: string) {
  const row = await loadSellerPayout(deps, orderId);
  const sent = row.payout_cents !== null && row.payout_currency !== null && row.state !== 'cancelled';
  return {
    seller_email: row.seller_email,
    hotelName: row.hotel_name ?? row.title,
    reason: refundMessage(row.refund_reason ?? 'refunded_by_provider', row.refund_note, 'seller'),
    state: row.state,
    amountCents: sent ? row.payout_cents! : sellerShareCents(row),
    currency: sent ? row.payout_currency! : row.currency,
  };
}

async function loadWaitingFacts(deps: PayoutDeps, orderId: string) {
  const row = await loadSellerPayout(deps, orderId);
  return {
    seller_email: row.seller_email,
    hotelName: row.hotel_name ?? row.title,
    amountCents: sellerShareCents(row),
    currency: row.currency,
  };
}
