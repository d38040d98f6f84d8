import { useState } from 'react';
import type { Listing } from '../../../contract/listing.ts';
import { useResumedIntent, useWhenKnown } from '../../lib/use-after-session.ts';

/** A stay's page, where a guest asked to sign in to book comes back to. */
export const listingPath = (id: string) => `/listings/${id}`;

export const SIGN_IN_TO_BOOK = 'Please sign in to complete your booking.';
export const INVALID_LISTING = 'Invalid listing data. Please try again.';
export const PAYMENT_CANCELLED = 'Payment was cancelled.';
export const SOMEONE_IS_PAYING = 'Someone is paying for this stay right now.';

// Made on first use, not when the stay's page loads: the page's first formatter wakes the browser's locale data,
// which would otherwise lengthen the one task that evaluates the page's code.
let holdTimeFormat: Intl.DateTimeFormat | undefined;

/** When a held stay may come back on the market, in the viewer's own time zone ("3:45 PM"). */
export function formatHoldTime(iso: string): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return (holdTimeFormat ??= new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' })).format(date);
}

/** The sentence for a stay someone else is paying for; with the hold's expiry when the server gave it. */
export function heldMessage(holdExpiresAt: string | null): string {
  const time = holdExpiresAt ? formatHoldTime(holdExpiresAt) : null;
  return time
    ? `${SOMEONE_IS_PAYING} If they don't complete the payment, it may come back on the market after ${time}.`
    : `${SOMEONE_IS_PAYING} If they don't complete the payment, it comes back on the market.`;
}

/** Where Book Now was pressed: the price box, or the bar pinned to the bottom of a phone's screen. */
export type BookingPlace = 'box' | 'bar';

export interface BookingNotice {
  text: string;
  tone: 'warning' | 'info';
  place: BookingPlace;
}

const hasPrice = (listing: Listing) =>
  typeof listing.price === 'number' && Number.isFinite(listing.price) && listing.price > 0;

/**
 * The booking flow of one stay page, shared by the price box and the phone's booking bar: Book Now checks who
 * is booking and what, then opens the Pay Now panel (in the price box); Cancel closes it with a notice. Until the
 * page knows who is looking (`viewerKnown`), a press waits for it rather than taking the visitor for a guest; a
 * guest sent to sign in finds the panel open when they come back signed in.
 */
export function useBookNow(
  listing: Listing,
  viewerId: string | null,
  { viewerKnown = true, onSignInRequired }: { viewerKnown?: boolean; onSignInRequired?: () => void } = {},
) {
  const [paying, setPaying] = useState(false);
  const [notice, setNotice] = useState<BookingNotice | null>(null);
  const [heldUntil, setHeldUntil] = useState<string | null>(null);

  const press = (place: BookingPlace) => {
    if (viewerId === null) {
      setNotice({ text: SIGN_IN_TO_BOOK, tone: 'warning', place });
      onSignInRequired?.();
    } else if (!hasPrice(listing)) {
      setNotice({ text: INVALID_LISTING, tone: 'warning', place });
    } else {
      setNotice(null);
      setPaying(true);
    }
  };
  const bookNow = useWhenKnown(viewerKnown, press);
  useResumedIntent('book', listingPath(listing.id), viewerKnown && viewerId !== null, () => press('box'));

  const cancel = () => {
    setPaying(false);
    setNotice({ text: PAYMENT_CANCELLED, tone: 'info', place: 'box' });
  };

  /** Someone else holds the stay: close the panel and say until when, as far as the server knows. */
  const held = (holdExpiresAt: string) => {
    setPaying(false);
    setHeldUntil(holdExpiresAt);
    setNotice({ text: heldMessage(holdExpiresAt), tone: 'warning', place: 'box' });
  };

  return { paying, notice, heldUntil, bookNow, cancel, held };
}

export type BookNowFlow = ReturnType<typeof useBookNow>;
