import type { StoredHandover } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { RetryJobLater } from '../jobs/errors.ts';
import type { JobAttempt } from '../jobs/registry.ts';
import { enqueueJob } from '../jobs/enqueue.ts';
import { holdJobLease, type JobLease } from '../jobs/lease.ts';
import type { BuyingDeps } from '../payments/deps.ts';
import { lockOrderAndListing } from '../orders/order-lock.ts';
import { transitionOrder } from '../orders/order-transition.ts';
import { startReverseHandover } from '../orders/reverse-handover.ts';
import { SALE_JOBS } from '../orders/sale-jobs.ts';
import { knownHotelOf, PmsTransferError, type PmsReservation } from '../selling/pms/pms.ts';
import { failSale } from './fail-sale.ts';
import { HANDOVER_JOBS } from './jobs.ts';
import { hotelDate } from '../listings/stay-dates.ts';

/**
 * The transfer job: puts a sold reservation in the buyer's name at the hotel. `paid` -> `transferring` first
 * (committed, so the buyer sees it), then the hotel is asked outside any transaction, then `transferred` with
 * the hotel's details as read back. A refusal ends the sale at once (`transfer_failed`, refunded); an outage is
 * retried by the job worker until its attempts are used up. An earlier attempt's change may have gone through
 * with its reply lost, so the last failure refunds nobody: the order waits in `transfer_unknown` until a read of
 * the reservation says who the hotel names (parkUnknownTransfer).
 */
export async function transferReservation(deps: BuyingDeps, orderId: string, attempt: JobAttempt): Promise<void> {
  const order = await loadTransfer(deps, orderId);
  if (order.state === 'refunded' && order.transferred_at === null && (await reachedTheHotel(deps, orderId)))
    return transferLandedAfterRefund(deps, orderId);
  if (order.state !== 'paid' && order.state !== 'transferring') {
    deps.logger.info({ orderId, state: order.state }, 'transfer job: the order is past the transfer, nothing to do');
    return;
  }
  if (order.state === 'paid') {
    await inTransaction(deps.db, (trx) =>
      transitionOrder(trx, {
        orderId,
        from: ['paid'],
        to: 'transferring',
        now: deps.clock(),
        reason: 'transfer started',
      }),
    );
  }
  let reservation: PmsReservation;
  try {
    // A retry may follow an attempt that reached the hotel but died before recording it: ask first.
    const done = order.state === 'transferring' ? await alreadyInBuyersName(deps, order) : null;
    reservation =
      done ??
      (await deps.pms.transferToGuest(
        order.external_id,
        {
          firstName: order.guest_first_name ?? '',
          lastName: order.guest_last_name ?? '',
          email: order.buyer_email ?? '',
        },
        knownHotelOf(order),
      ));
  } catch (error) {
    const failure =
      error instanceof PmsTransferError ? error : new PmsTransferError('unavailable', String((error as Error).message));
    deps.logger.warn({ orderId, kind: failure.kind, err: error }, 'transfer at the hotel failed');
    if (failure.kind === 'refused') return failSale(deps, orderId, 'transfer_refused', failure.message, attempt.lease);
    if (attempt.lastAttempt) return parkUnknownTransfer(deps, orderId, failure.message, attempt.lease);
    if (failure.kind === 'rate_limited' && failure.retryAfterMs !== null) {
      throw new RetryJobLater(failure.message, failure.retryAfterMs, { cause: error });
    }
    throw failure;
  }
  await recordTransferred(deps, orderId, handoverOf(reservation, order), attempt.lease);
}

/**
 * The order was refunded (by hand) while the hotel was being asked, and an earlier attempt's reply may have been
 * lost: the hotel is read, and a reservation that names the buyer is recorded, which starts its reverse handover.
 * A hotel that cannot be read now is read again on the job's next attempt.
 */
export async function transferLandedAfterRefund(deps: BuyingDeps, orderId: string, lease?: JobLease) {
  const order = await loadTransfer(deps, orderId);
  const inBuyersName = await alreadyInBuyersName(deps, order);
  if (!inBuyersName) {
    deps.logger.info({ orderId }, 'transfer job: the order was refunded and the hotel does not name the buyer');
    return;
  }
  deps.logger.warn({ orderId }, 'the hotel names the buyer of a refunded order: the stay goes back to the seller');
  await recordTransferred(deps, orderId, handoverOf(inBuyersName, order), lease);
}

/** The order was being transferred at some point: the hotel may have been asked to name its buyer. */
async function reachedTheHotel(deps: Pick<BuyingDeps, 'db'>, orderId: string): Promise<boolean> {
  const transferring = await deps.db
    .selectFrom('order_events')
    .select('id')
    .where('order_id', '=', orderId)
    .where('to_state', '=', 'transferring')
    .executeTakeFirst();
  return transferring !== undefined;
}

/**
 * No answer from the hotel on the last attempt: the change may have been made. The order goes
 * `transfer_unknown`, the operator is told in the log (and `npm run orders -- unknown` lists it), and the
 * confirming job reads the reservation until it shows who the hotel names.
 */
async function parkUnknownTransfer(deps: BuyingDeps, orderId: string, detail: string, lease: JobLease) {
  const parked = await inTransaction(deps.db, async (trx) => {
    await holdJobLease(trx, lease);
    const now = deps.clock();
    const { order } = await lockOrderAndListing(trx, orderId);
    if (order.state !== 'transferring') return false;
    await transitionOrder(trx, {
      orderId,
      from: ['transferring'],
      to: 'transfer_unknown',
      now,
      reason: `the hotel did not answer the last attempt: ${detail}`,
    });
    await enqueueJob(trx, HANDOVER_JOBS.confirmTransfer, orderId, { orderId }, now);
    return true;
  });
  if (parked) {
    deps.logger.warn(
      { orderId, detail },
      'transfer outcome unknown: the order waits in transfer_unknown while the hotel is read again (npm run orders -- unknown)',
    );
  }
}

/**
 * A retry asks first: the reservation as the hotel holds it when it already names the buyer, else null. A
 * reservation nobody can read now is an outage (retried, at worst `transfer_unknown`), never a refusal: the
 * lost reply may have put it in the buyer's name.
 */
async function alreadyInBuyersName(
  deps: Pick<BuyingDeps, 'pms'>,
  order: { external_id: string; enterprise_id: string | null; buyer_email: string | null },
) {
  const lookup = await deps.pms.findByExternalId(order.external_id, knownHotelOf(order));
  if (lookup.kind === 'unknown')
    throw new PmsTransferError('unavailable', `The reservation cannot be read: ${lookup.why}.`);
  const atHotel = lookup.kind === 'found' ? lookup.reservation : null;
  return namesBuyer(atHotel, order.buyer_email) ? atHotel : null;
}

/** The hotel's reservation names the buyer (by email, as the transfer puts it). */
export function namesBuyer(
  reservation: PmsReservation | null,
  buyerEmail: string | null,
): reservation is PmsReservation {
  const named = reservation?.guest.email?.trim().toLowerCase();
  return Boolean(named) && named === buyerEmail?.trim().toLowerCase();
}

export function loadTransfer(deps: Pick<BuyingDeps, 'db'>, orderId: string) {
  return deps.db
    .selectFrom('orders')
    .innerJoin('reservations', 'reservations.id', 'orders.reservation_id')
    .innerJoin('profiles as buyer', 'buyer.id', 'orders.buyer_id')
    .innerJoin('listings', 'listings.id', 'orders.listing_id')
    .select([
      'orders.state',
      'orders.transferred_at',
      'listings.start_utc',
      'orders.guest_first_name',
      'orders.guest_last_name',
      'reservations.external_id',
      'reservations.enterprise_id',
      (eb) => eb.fn.coalesce('orders.buyer_email', 'buyer.email').as('buyer_email'),
    ])
    .where('orders.id', '=', orderId)
    .executeTakeFirstOrThrow();
}

export function handoverOf(
  reservation: PmsReservation,
  order: { guest_first_name: string | null; guest_last_name: string | null },
): StoredHandover {
  const timeZone = reservation.hotel.timeZone ?? 'UTC';
  const { addressLine, city, countryCode } = reservation.hotel;
  return {
    confirmationNumber: reservation.confirmationNumber,
    hotelName: reservation.hotel.name,
    hotelAddress: [addressLine, city, countryCode].filter(Boolean).join(', ') || null,
    checkIn: hotelDate(reservation.startUtc, timeZone),
    checkOut: hotelDate(reservation.endUtc, timeZone),
    timeZone,
    guestName: [order.guest_first_name, order.guest_last_name].filter(Boolean).join(' '),
  };
}

/**
 * One transaction: the order is transferred with what the hotel now holds, the sold listing no longer blocks
 * its reservation (only the new guest may prove it theirs and list it), every earlier proof of ownership of the
 * reservation is spent, both sides are told, and the payouts are asked to settle the sale and schedule the
 * seller's payout (a port: payouts build on the handover, not the other way). Whom the reservation named before
 * (the seller as its guest) is kept on the order for a reverse handover. A transfer that lands after the order
 * was refunded (a refund by hand while the hotel made the change) is recorded too, and the reverse handover
 * started in the same transaction, so the stay never stays with a refunded buyer unseen (ADR 0075).
 */
export async function recordTransferred(
  deps: BuyingDeps,
  orderId: string,
  handover: StoredHandover,
  /** The recording job's: only while its run still holds the job. */
  lease?: JobLease,
) {
  await inTransaction(deps.db, async (trx) => {
    // A run that stalled past its lease records nothing: the run that took the job over does.
    await holdJobLease(trx, lease);
    const now = deps.clock();
    const { order, listing } = await lockOrderAndListing(trx, orderId);
    const refundedMeanwhile = order.state === 'refunded' && order.transferred_at === null;
    if (order.state !== 'transferring' && order.state !== 'transfer_unknown' && !refundedMeanwhile) return;
    const sellerGuest = await trx
      .selectFrom('reservations')
      .select(['guest_email', 'guest_first_name', 'guest_last_name'])
      .where('id', '=', order.reservation_id)
      .executeTakeFirstOrThrow();
    const changes = {
      transferred_at: now,
      handover: JSON.stringify(handover),
      seller_guest_email: sellerGuest.guest_email,
      seller_guest_first_name: sellerGuest.guest_first_name,
      seller_guest_last_name: sellerGuest.guest_last_name,
    };
    if (refundedMeanwhile) {
      await trx.updateTable('orders').set(changes).where('id', '=', orderId).execute();
    } else {
      await transitionOrder(trx, {
        orderId,
        from: [order.state],
        to: 'transferred',
        now,
        reason: 'the hotel names the buyer',
        changes,
      });
    }
    await trx
      .updateTable('listings')
      .set({ transferred_at: now, updated_at: now })
      .where('id', '=', listing.id)
      .execute();
    await trx
      .updateTable('reservations')
      .set({
        guest_email: order.buyer_email,
        guest_first_name: order.guest_first_name,
        guest_last_name: order.guest_last_name,
        owner_id: order.buyer_id,
      })
      .where('id', '=', order.reservation_id)
      .execute();
    await trx
      .updateTable('reservation_verifications')
      .set({ spent_at: now })
      .where('reservation_id', '=', order.reservation_id)
      .where('spent_at', 'is', null)
      .execute();
    if (refundedMeanwhile) {
      await startReverseHandover(trx, orderId, now, 'the hotel named the buyer after the order was refunded');
      return;
    }
    await enqueueJob(trx, HANDOVER_JOBS.buyerInYourName, orderId, { orderId }, now);
    await enqueueJob(trx, HANDOVER_JOBS.sellerLeftYourName, orderId, { orderId }, now);
    await enqueueJob(trx, HANDOVER_JOBS.transferNote, orderId, { orderId }, now);
    await enqueueJob(trx, SALE_JOBS.schedulePayout, orderId, { orderId }, now);
    await enqueueJob(trx, HANDOVER_JOBS.hotelAdminsEmail, orderId, { orderId }, now);
  });
}
