import { z } from 'zod';
import type { CheckoutSessionResult } from '../../contract/buying.ts';
import { toCents, toMajor } from '../../contract/money.ts';
import type { VerifiedUser } from '../auth/token-verifier.ts';
import { inTransaction } from '../db/transaction.ts';
import { AppError, notFound } from '../http/errors.ts';
import { transitionListing } from '../listings/transition.ts';
import { checkoutUrlsOnOrigin } from './checkout-urls.ts';
import { assertClaimsAreUser } from './claimed-user.ts';
import type { BuyingDeps } from './deps.ts';
import { recordOrderCreated } from './order-transition.ts';
import { endHold, releaseHold } from './release-hold.ts';
import { assertReservationStillSellable } from './reservation-check.ts';
import { describeStayDates } from './stay-format.ts';

/**
 * How long a buyer holds a stay while paying. The provider refuses a session that expires in less than 30
 * minutes, so the hold (and the session's expiry, which is the same instant) is 30 minutes plus a margin for
 * clock skew between us and the provider.
 */
export const HOLD_MS = 31 * 60_000;

export const HELD_MESSAGE = 'Someone is paying for this stay right now';

export interface CheckoutRequest {
  listingId: string;
  /** Any user ids the browser sent; each must be the signed-in user's. */
  claimedUserIds: readonly (string | undefined)[];
  /** The price the browser showed, in major units, if it sent one. */
  amount?: number;
  successUrl: string;
  cancelUrl: string;
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
  assertClaimsAreUser(user, request.claimedUserIds);
  const urls = checkoutUrlsOnOrigin(deps.publicUrl, { successUrl: request.successUrl, cancelUrl: request.cancelUrl });
  const listing = await findListingForCheckout(deps, request.listingId);
  if (!listing) throw notFound('Listing');
  if (listing.seller_id === user.id) throw new AppError('FORBIDDEN', 'You cannot buy your own stay');
  if (request.amount !== undefined && toCents(request.amount) !== listing.price_cents) {
    throw new AppError('CONFLICT', 'The price of this stay changed', { price: toMajor(listing.price_cents) });
  }
  if (listing.status === 'reserved' && (await endLapsedHold(deps, listing.id)))
    return createCheckout(deps, user, request);
  if (listing.status !== 'active') return answerUnavailable(deps, listing.id, user.id);
  await assertReservationStillSellable(deps, {
    listingId: listing.id,
    externalId: listing.external_id,
    startUtc: listing.start_utc,
    endUtc: listing.end_utc,
  });
  const buyerEmail = user.email ?? (await profileEmail(deps, user.id));
  let orderId: string;
  try {
    orderId = await placeHold(deps, user.id, buyerEmail, listing);
  } catch (error) {
    // Someone else's hold (or sale) won the race between our read and our update.
    if (error instanceof AppError && error.code === 'CONFLICT') return answerUnavailable(deps, listing.id, user.id);
    throw error;
  }
  return openHostedCheckout(deps, { orderId, buyerId: user.id, buyerEmail, listing, ...urls });
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
      'reservations.external_id',
    ])
    .where('listings.id', '=', listingId)
    .executeTakeFirst();
}

async function profileEmail(deps: Pick<BuyingDeps, 'db'>, userId: string) {
  const profile = await deps.db.selectFrom('profiles').select('email').where('id', '=', userId).executeTakeFirst();
  return profile?.email ?? null;
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

/** The listing is not free to hold: the buyer's own open checkout, or 409 saying why not. */
async function answerUnavailable(deps: BuyingDeps, listingId: string, userId: string): Promise<CheckoutSessionResult> {
  const held = await openOrderFor(deps, listingId);
  if (held?.buyer_id === userId && held.checkout_session_id && held.checkout_url) {
    return {
      url: held.checkout_url,
      sessionId: held.checkout_session_id,
      orderId: held.id,
      expiresAt: held.hold_expires_at.toISOString(),
    };
  }
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

/** One transaction: the listing moves active -> reserved and the open order that holds it is created. */
async function placeHold(deps: BuyingDeps, buyerId: string, buyerEmail: string | null, listing: CheckoutListing) {
  return inTransaction(deps.db, async (trx) => {
    const now = deps.clock();
    await transitionListing(trx, {
      listingId: listing.id,
      from: ['active'],
      to: 'reserved',
      now,
      conflictMessage: HELD_MESSAGE,
    });
    // A buyer signed in through a provider may not have a profile row yet; the order and the sale refer to it.
    await trx
      .insertInto('profiles')
      .values({ id: buyerId, email: buyerEmail })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    const order = await trx
      .insertInto('orders')
      .values({
        listing_id: listing.id,
        buyer_id: buyerId,
        seller_id: listing.seller_id,
        buyer_email: buyerEmail,
        amount_cents: listing.price_cents,
        currency: listing.currency,
        state: 'open',
        hold_expires_at: new Date(now.getTime() + HOLD_MS),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordOrderCreated(trx, order.id, now, 'checkout started');
    return order.id;
  });
}

interface HostedCheckoutInput {
  orderId: string;
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
  const { orderId, listing } = input;
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
      amountCents: listing.price_cents,
      currency: listing.currency,
      productName: `Reservation for ${listing.title}`,
      productDescription: [listing.hotel_name, listing.city, describeStayDates(listing.start_utc, listing.end_utc)]
        .filter(Boolean)
        .join(' · '),
      successUrl: input.successUrl,
      cancelUrl: input.cancelUrl,
      expiresAt: order.hold_expires_at,
    });
    if (!session.url) throw new AppError('UPSTREAM_ERROR', 'Invalid response from server - missing checkout URL.');
  } catch (error) {
    await releaseHold(deps, orderId, 'cancelled', 'the checkout could not be created');
    if (error instanceof AppError) throw error;
    deps.logger.error({ err: error, orderId }, 'creating the checkout session failed');
    throw new AppError('UPSTREAM_ERROR', 'Failed to create checkout session. Please try again.');
  }
  await deps.db
    .updateTable('orders')
    .set({ checkout_session_id: session.id, checkout_url: session.url, updated_at: deps.clock() })
    .where('id', '=', orderId)
    .execute();
  return { url: session.url, sessionId: session.id, orderId, expiresAt: order.hold_expires_at.toISOString() };
}
