import type { z } from 'zod';
import type { createCheckoutSessionRequestSchema } from '../../../contract/buying.ts';
import type { Listing } from '../../../contract/listing.ts';
import { formatStayDate } from '../../lib/format.ts';
import { stayDates } from '../../lib/listing-dates.ts';

/** The stay as checkout sees it: everything the payment request and the Pay Now panel need. */
export interface CheckoutReservation {
  id: string;
  total_price: number;
  user_id: string;
  listing_id: string;
  listing_title: string;
  check_in: string;
  check_out: string;
}

type Draft = { [K in keyof CheckoutReservation]: CheckoutReservation[K] | null };

const REQUIRED_FIELDS = [
  'id',
  'total_price',
  'user_id',
  'listing_id',
  'listing_title',
  'check_in',
  'check_out',
] as const;

export function reservationDraft(listing: Listing, buyerId: string): Draft {
  const { start, end } = stayDates(listing);
  const price =
    typeof listing.price === 'number' && Number.isFinite(listing.price) && listing.price > 0 ? listing.price : null;
  return {
    id: listing.id || null,
    total_price: price,
    user_id: buyerId || null,
    listing_id: listing.id || null,
    listing_title: listing.title.trim() || null,
    check_in: start,
    check_out: end,
  };
}

/** The names of the fields checkout cannot do without that this draft lacks, in a fixed order. */
export function missingFields(draft: Draft): string[] {
  return REQUIRED_FIELDS.filter((field) => draft[field] === null || draft[field] === '');
}

export function isComplete(draft: Draft): draft is CheckoutReservation {
  return missingFields(draft).length === 0;
}

export type CheckoutSessionRequest = z.input<typeof createCheckoutSessionRequestSchema>;

/** The guest's name as on their ID: the hotel puts the reservation under it once the stay is bought. */
export interface GuestName {
  firstName: string;
  lastName: string;
}

/**
 * The payload of POST /api/payment/create-checkout-session. The session id placeholder is filled in by the
 * payment provider when it sends the buyer back; the amount is only what the buyer saw (the server charges
 * its own price and refuses when they differ). The cancel page is told the stay, so it can release the hold
 * even in a tab that has lost what it stored.
 */
export function checkoutSessionRequest(
  reservation: CheckoutReservation,
  guest: GuestName,
  origin: string,
): CheckoutSessionRequest {
  const checkIn = formatStayDate(reservation.check_in) ?? reservation.check_in;
  const checkOut = formatStayDate(reservation.check_out) ?? reservation.check_out;
  return {
    reservationId: reservation.id,
    amount: reservation.total_price,
    userId: reservation.user_id,
    buyer_id: reservation.user_id,
    user_id: reservation.user_id,
    listingId: reservation.listing_id,
    title: `Reservation for ${reservation.listing_title}`,
    description: `Check-in: ${checkIn}, Check-out: ${checkOut}`,
    successUrl: `${origin}/payment/success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${origin}/payment/cancel?listing=${encodeURIComponent(reservation.listing_id)}`,
    guestFirstName: guest.firstName,
    guestLastName: guest.lastName,
  };
}
