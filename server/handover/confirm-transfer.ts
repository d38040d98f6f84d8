import { JobCannotSucceed } from '../jobs/errors.ts';
import type { JobLease } from '../jobs/lease.ts';
import type { BuyingDeps } from '../payments/deps.ts';
import { knownHotelOf, type PmsLookup } from '../selling/pms/pms.ts';
import { failSale } from './fail-sale.ts';
import {
  handoverOf,
  loadTransfer,
  namesBuyer,
  recordTransferred,
  transferLandedAfterRefund,
} from './transfer-reservation.ts';

/**
 * The confirming job of a `transfer_unknown` order: reads the reservation at the hotel, never writes. When it
 * names the buyer, the sale finishes `transferred` (the payout is scheduled as for any transfer). When it is
 * read and names anyone else (the seller still, or the hotel answered that the reservation is gone), the sale ends as a failed transfer
 * and the buyer is refunded through the one refund path. No answer, or a hotel that cannot be asked (its token unusable): read again later, each wait longer, until
 * the stay's check-in; a read still failing then fails the job for an operator (`npm run jobs -- failed`).
 * Either outcome is recorded only while the job's `lease` is still this run's.
 */
export async function confirmTransfer(deps: BuyingDeps, orderId: string, lease?: JobLease): Promise<void> {
  const order = await loadTransfer(deps, orderId);
  // Refunded by hand while its outcome was unknown: the hotel may still name the buyer (ADR 0075).
  if (order.state === 'refunded' && order.transferred_at === null)
    return transferLandedAfterRefund(deps, orderId, lease);
  if (order.state !== 'transfer_unknown') {
    deps.logger.info({ orderId, state: order.state }, 'confirming a transfer: the order is no longer transfer_unknown');
    return;
  }
  let lookup: PmsLookup;
  try {
    lookup = await deps.pms.findByExternalId(order.external_id, knownHotelOf(order));
    // Nobody could say whom the hotel names (its system down, or its token unusable): read again later.
    if (lookup.kind === 'unknown') throw new Error(`the reservation cannot be read: ${lookup.why}`);
  } catch (error) {
    if (deps.clock() < order.start_utc) {
      deps.logger.info({ orderId, err: error }, 'transfer outcome still unknown: the hotel is read again later');
      throw error;
    }
    deps.logger.error(
      { orderId, err: error },
      'transfer outcome still unknown at check-in: an operator must ask the hotel who it names',
    );
    throw new JobCannotSucceed('the hotel did not answer before check-in', { cause: error });
  }
  const reservation = lookup.kind === 'found' ? lookup.reservation : null;
  if (namesBuyer(reservation, order.buyer_email)) {
    deps.logger.info({ orderId }, 'the hotel names the buyer: the unknown transfer went through');
    return recordTransferred(deps, orderId, handoverOf(reservation, order), lease);
  }
  deps.logger.warn({ orderId }, 'the hotel does not name the buyer: the unknown transfer did not go through');
  await failSale(
    deps,
    orderId,
    'transfer_failed',
    'a read of the reservation shows the hotel does not name the buyer',
    lease,
  );
}
