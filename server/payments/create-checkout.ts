import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import type { CheckoutSessionResult } from '../../contract/buying.ts';
import { toCents, toMajor } from '../../contract/money.ts';
import type { VerifiedUser } from '../auth/token-verifier.ts';
import { inTransaction } from '../db/transaction.ts';
import { AppError, notFound } from '../http/errors.ts';
import { hasCheckInPassed } from '../listings/check-in.ts';
import { transitionListing } from '../listings/transition.ts';
import { checkoutUrlsOnOrigin } from './checkout-urls.ts';
import { assertClaimsAreUser } from '../auth/claimed-user.ts';
import type { BuyingDeps } from './deps.ts';
import { recordOrderCreated } from '../orders/order-transition.ts';
import { endHold, releaseHoldWithNoOpenSession } from './release-hold.ts';
import { assertReservationStillSellable } from './reservation-check.ts';
import { knownHotelOf } from '../selling/pms/pms.ts';
import {
  assertHotelStillAllows,
  hotelRefusals,
  HotelRefusedAtHold,
  lockedHotelStanding,
  refuseForHotel,
} from './hotel-check.ts';
import type { PmsReservation } from '../selling/pms/pms.ts';
import { describeStayDates } from '../listings/stay-format.ts';
import { stayChargeOf, type StayCharge } from './stay-charge.ts';
import { hotelFeeLine } from '../../contract/stay-charge.ts';

/**
 * How long a buyer holds a stay while paying. The provider refuses a session that expires in less than 30
 * minutes, so the hold (and the session's expiry, which is the same instant) is 30 minutes plus a margin for
 * clock skew between us and the provider.
 */
export const HOLD_MS = 31 * 60_000;

export const HELD_MESSAGE = 'Someone is paying for this stay right now';

/**
 * How long a buyer's second request (a double press of Book Now) waits for the first to open the provider's
 * session: longer than the provider call may take, after which the first request has failed or answered.
 */
const OWN_SESSION_WAIT_MS = 30_000;
const OWN_SESSION_POLL_MS = 100;

export interface CheckoutRequest {
  listingId: string;
  /** Any user ids the browser sent; each must be the signed-in user's. */
  claimedUserIds: readonly (string | undefined)[];
  /** The price the browser showed, in major units, if it sent one. */
  amount?: number;
  successUrl: string;
  cancelUrl: string;
  /** The guest's name as on the buyer's ID; the profile's name when the browser sent none. */
  guestFirstName?: string;
  guestLastName?: string;
}

type CheckoutListing = NonNullable<Awaited<ReturnType<typeof findListingForCheckout>>>;

/**
 * Holds the stay for the buyer and opens a hosted checkout for the database price. The same buyer asking again
 * gets the same open session; anyone else is told someone is paying, and until when.
 */
export async function createCheckout(
  deps: BuyingDeps,
  user: VerifiedUser,
  request: CheckoutRequest,
): Promise<CheckoutSessionResult> {
  assertClaimsAreUser(user, request.claimedUserIds, 'You can only buy for yourself');
  const urls = checkoutUrlsOnOrigin(deps.appOrigins, { successUrl: request.successUrl, cancelUrl: request.cancelUrl });
  const listing = await findListingForCheckout(deps, request.listingId);
  if (!listing) throw notFound('Listing');
  if (listing.seller_id === user.id) throw new AppError('FORBIDDEN', 'You cannot buy your own stay');
  if (request.amount !== undefined && toCents(request.amount) !== listing.price_cents) {
    throw new AppError('CONFLICT', 'The price of this stay changed', { price: toMajor(listing.price_cents) });
  }
  if (listing.status === 'reserved' && (await endLapsedHold(deps, listing.id)))
    return createCheckout(deps, user, request);
  if (listing.status !== 'active') return answerUnavailable(deps, listing.id, user.id);
  await assertCheckInAhead(deps, listing);
  const reservation = await assertReservationStillSellable(deps, {
    listingId: listing.id,
    externalId: listing.external_id,
    hotel: knownHotelOf(listing),
    startUtc: listing.start_utc,
    endUtc: listing.end_utc,
  });
  await assertHotelStillAllows(deps, listing, reservation);
  const buyer = await buyerDetails(deps, user, request);
  const buyerEmail = buyer.email;
  let hold: { orderId: string; charge: StayCharge };
  try {
    hold = await placeHold(deps, user.id, buyer, listing, reservation);
  } catch (error) {
    // A publish or a pause committed between the check above and the hold: the hold is undone with it.
    if (error instanceof HotelRefusedAtHold) return refuseForHotel(deps, listing, error.reasons);
    // Another hold (someone else's, or this buyer's own second press) or a sale won the race since our read.
    if (error instanceof AppError && error.code === 'CONFLICT') return answerUnavailable(deps, listing.id, user.id);
    throw error;
  }
  return openHostedCheckout(deps, { ...hold, buyerId: user.id, buyerEmail, listing, ...urls });
}

function findListingForCheckout(deps: Pick<BuyingDeps, 'db'>, listingId: string) {
  if (!z.guid().safeParse(listingId).success) return Promise.resolve(undefined);
  return deps.db
    .selectFrom('listings')
    .innerJoin('reservations', 'reservations.id', 'listings.reservation_id')
    .select([
      'listings.id',
      'listings.seller_id',
      'listings.status',
      'listings.price_cents',
      'listings.currency',
      'listings.title',
      'listings.hotel_name',
      'listings.city',
      'listings.start_utc',
      'listings.end_utc',
      'listings.reservation_id',
      'listings.hotel_pause_reason',
      'reservations.external_id',
      'reservations.enterprise_id',
      'reservations.time_zone',
    ])
    .where('listings.id', '=', listingId)
    .executeTakeFirst();
}

interface BuyerDetails {
  email: string | null;
  guestFirstName: string;
  guestLastName: string;
}

/**
 * Where the receipt goes and whose name the hotel will put the stay under: the names typed at checkout, else
 * the profile's. Without a last name the hotel cannot hold the reservation for the buyer: 400, nothing held.
 */
async function buyerDetails(
  deps: Pick<BuyingDeps, 'db'>,
  user: VerifiedUser,
  request: Pick<CheckoutRequest, 'guestFirstName' | 'guestLastName'>,
): Promise<BuyerDetails> {
  const profile = await deps.db
    .selectFrom('profiles')
    .select(['email', 'first_name', 'last_name'])
    .where('id', '=', user.id)
    .executeTakeFirst();
  const guestFirstName = request.guestFirstName ?? profile?.first_name.trim() ?? '';
  const guestLastName = request.guestLastName ?? profile?.last_name.trim() ?? '';
  const missing = [
    ...(guestFirstName ? [] : [{ field: 'guestFirstName', message: 'Please enter your first name as on your ID.' }]),
    ...(guestLastName ? [] : [{ field: 'guestLastName', message: 'Please enter your last name as on your ID.' }]),
  ];
  if (missing.length) throw new AppError('VALIDATION_ERROR', 'Please enter your name as on your ID.', missing);
  return { email: user.email ?? profile?.email ?? null, guestFirstName, guestLastName };
}

export const CHECK_IN_PASSED_MESSAGE =
  'Check-in for this stay has already passed at the hotel, so it can no longer be bought.';

/**
 * A stay whose check-in has passed cannot be held, even before the listing expiry job reaches it: the listing
 * expires now and the buyer gets 409 `check_in_passed`. The check-in instant is the hotel's own check-in time
 * (its time zone applied when the reservation was imported), so this is the hotel's clock, not the buyer's.
 */
async function assertCheckInAhead(deps: BuyingDeps, listing: CheckoutListing) {
  const now = deps.clock();
  if (!hasCheckInPassed(listing.start_utc, now)) return;
  await inTransaction(deps.db, (trx) =>
    transitionListing(trx, { listingId: listing.id, from: ['active'], to: 'expired', now }),
  );
  throw new AppError('CONFLICT', CHECK_IN_PASSED_MESSAGE, { reason: 'check_in_passed', status: 'expired' });
}

/** A hold past its expiry that the sweep has not reached yet is ended now, so the stay can be bought again. */
async function endLapsedHold(deps: BuyingDeps, listingId: string): Promise<boolean> {
  const held = await openOrderFor(deps, listingId);
  if (!held || held.hold_expires_at > deps.clock()) return false;
  await endHold(deps, held, 'expired', 'hold expired');
  return true;
}

function openOrderFor(deps: Pick<BuyingDeps, 'db'>, listingId: string) {
  return deps.db
    .selectFrom('orders')
    .selectAll()
    .where('listing_id', '=', listingId)
    .where('state', '=', 'open')
    .executeTakeFirst();
}

/**
 * The listing is not free to hold: the buyer's own checkout (once the request that holds it has opened the
 * session, so a double press answers the same session twice), or 409 saying why not.
 */
async function answerUnavailable(deps: BuyingDeps, listingId: string, userId: string): Promise<CheckoutSessionResult> {
  const held = await openOrderFor(deps, listingId);
  if (held?.buyer_id === userId) return ownOpenCheckout(deps, held.id);
  if (held)
    throw new AppError('CONFLICT', HELD_MESSAGE, { reason: 'held', holdExpiresAt: held.hold_expires_at.toISOString() });
  const listing = await deps.db
    .selectFrom('listings')
    .select('status')
    .where('id', '=', listingId)
    .executeTakeFirstOrThrow();
  const message = listing.status === 'sold' ? 'This stay has already been sold' : 'This stay is not for sale right now';
  throw new AppError('CONFLICT', message, { status: listing.status });
}

/**
 * The buyer's own hold: its session, waiting for the request that placed the hold to open it. If that request
 * failed at the provider it released the hold, and this one fails the same way rather than holding again.
 */
async function ownOpenCheckout(deps: BuyingDeps, orderId: string): Promise<CheckoutSessionResult> {
  for (let waited = 0; waited <= OWN_SESSION_WAIT_MS; waited += OWN_SESSION_POLL_MS) {
    const order = await deps.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    if (order.state !== 'open') break;
    if (order.checkout_session_id && order.checkout_url) {
      return {
        url: order.checkout_url,
        sessionId: order.checkout_session_id,
        orderId: order.id,
        expiresAt: order.hold_expires_at.toISOString(),
      };
    }
    await sleep(OWN_SESSION_POLL_MS);
  }
  throw checkoutNotCreated();
}

const checkoutNotCreated = () => new AppError('UPSTREAM_ERROR', 'Failed to create checkout session. Please try again.');

/**
 * One transaction: the listing moves active -> reserved and the open order that holds it is created, with the
 * hotel's standing read again under its row's lock (lockedHotelStanding): the policy and the switch this hold is
 * judged by are the ones in force when it commits.
 */
async function placeHold(
  deps: BuyingDeps,
  buyerId: string,
  buyer: BuyerDetails,
  listing: CheckoutListing,
  reservation: PmsReservation,
) {
  return inTransaction(deps.db, async (trx) => {
    const now = deps.clock();
    await transitionListing(trx, {
      listingId: listing.id,
      from: ['active'],
      to: 'reserved',
      now,
      conflictMessage: HELD_MESSAGE,
    });
    const standing = await lockedHotelStanding(trx, listing, reservation.hotel.name);
    const reasons = hotelRefusals(standing, listing, reservation, now);
    if (reasons.length) throw new HotelRefusedAtHold(reasons);
    // The fee is the live policy's as the stay is held: a publish after it does not change what this buyer was
    // shown and pays.
    const charge = stayChargeOf(standing, { priceCents: listing.price_cents, currency: listing.currency });
    // A buyer signed in through a provider may not have a profile row yet; the order and the sale refer to it.
    await trx
      .insertInto('profiles')
      .values({ id: buyerId, email: buyer.email })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    const order = await trx
      .insertInto('orders')
      .values({
        listing_id: listing.id,
        buyer_id: buyerId,
        seller_id: listing.seller_id,
        buyer_email: buyer.email,
        guest_first_name: buyer.guestFirstName,
        guest_last_name: buyer.guestLastName,
        reservation_id: listing.reservation_id,
        amount_cents: charge.priceCents,
        hotel_fee_cents: charge.hotelFeeCents,
        fee_hotel_id: charge.hotelId,
        currency: listing.currency,
        state: 'open',
        hold_expires_at: new Date(now.getTime() + HOLD_MS),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordOrderCreated(trx, order.id, now, 'checkout started');
    return { orderId: order.id, charge };
  });
}

interface HostedCheckoutInput {
  orderId: string;
  /** What the hold fixed on the order: the provider charges exactly this. */
  charge: StayCharge;
  buyerId: string;
  buyerEmail: string | null;
  listing: CheckoutListing;
  successUrl: string;
  cancelUrl: string;
}

/**
 * Outside the hold's transaction: the provider's session expires with the hold. If the provider fails, the
 * hold is released at once so the stay is not blocked for 30 minutes by a checkout nobody can open.
 */
async function openHostedCheckout(deps: BuyingDeps, input: HostedCheckoutInput): Promise<CheckoutSessionResult> {
  const { orderId, listing, charge } = input;
  const order = await deps.db
    .selectFrom('orders')
    .select('hold_expires_at')
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  let session;
  try {
    session = await deps.payments.createCheckoutSession({
      orderId,
      listingId: listing.id,
      buyerId: input.buyerId,
      buyerEmail: input.buyerEmail,
      amountCents: charge.priceCents,
      currency: listing.currency,
      ...(charge.hotelFeeCents > 0 && {
        hotelFee: { amountCents: charge.hotelFeeCents, name: hotelFeeLine(charge.hotelName) },
      }),
      productName: `Reservation for ${listing.title}`,
      productDescription: [
        listing.hotel_name,
        listing.city,
        describeStayDates(listing.start_utc, listing.end_utc, listing.time_zone),
      ]
        .filter(Boolean)
        .join(' · '),
      successUrl: input.successUrl,
      cancelUrl: input.cancelUrl,
      expiresAt: order.hold_expires_at,
    });
    if (!session.url) throw new AppError('UPSTREAM_ERROR', 'Invalid response from server - missing checkout URL.');
  } catch (error) {
    await releaseHoldWithNoOpenSession(deps, orderId, 'cancelled', 'the checkout could not be created');
    if (error instanceof AppError) throw error;
    deps.logger.error({ err: error, orderId }, 'creating the checkout session failed');
    throw checkoutNotCreated();
  }
  await deps.db
    .updateTable('orders')
    .set({ checkout_session_id: session.id, checkout_url: session.url, updated_at: deps.clock() })
    .where('id', '=', orderId)
    .execute();
  return { url: session.url, sessionId: session.id, orderId, expiresAt: order.hold_expires_at.toISOString() };
}
