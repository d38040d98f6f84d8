import { ApproximatePrice } from '../../../components/listings/ApproximatePrice.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useRef, useState } from 'react';
import type { ListingWithViewer } from '../../../../contract/listing.ts';
import { primaryButton, secondaryButton } from '../../../components/ui/button-styles.ts';
import { currencyName } from '../../../../contract/currency-names.ts';
import { formatMajorUnits } from '../../../../contract/money-format.ts';
import { formatNights, formatStayDate } from '../../../lib/format.ts';
import { stayDates } from '../../../lib/listing-dates.ts';
import { stayNights } from '../../../lib/pricing.ts';
import { checkoutFailure, useCreateCheckoutSession } from '../api/create-checkout-session.ts';
import { checkoutSessionRequest, isComplete, missingFields, reservationDraft } from '../checkout-reservation.ts';
import { useGuestName } from '../use-guest-name.ts';
import { GuestNameFields } from './GuestNameFields.tsx';
import { DeskChargesNote, HotelFeeLine } from './StayTotalLines.tsx';

type Props = {
  listing: ListingWithViewer;
  buyerId: string;
  onCancel: () => void;
  /** Someone else is paying for the stay; `holdExpiresAt` is when their hold ends. */
  onHeld: (holdExpiresAt: string) => void;
};

/**
 * The last look before the hosted checkout: the stay, its dates, the price and the hotel's fee, the all-in total
 * the checkout charges (first and largest), what the hotel still charges at its desk, the guest's name as the
 * hotel will hold it, with Pay Now and Cancel.
 */
export function PayNowPanel(props: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [detailed, setDetailed] = useState(false);

  // Opening the panel moves focus (and, on a phone, the screen) to it. The press paints the panel's heading at
  // once; its details (and the profile read that fills the name) render in a transition after it (ADR 0094).
  useEffect(() => {
    heading.current?.focus();
    startTransition(() => setDetailed(true));
  }, []);

  return (
    <section aria-labelledby="pay-now-heading" className="mt-4 rounded-xl border border-brand-200 bg-brand-50/40 p-4">
      <h3 id="pay-now-heading" ref={heading} tabIndex={-1} className="font-semibold text-slate-900 outline-none">
        Review and pay
      </h3>
      {detailed ? <PayNowDetails {...props} /> : null}
    </section>
  );
}

/** Everything in the panel under its heading, with the checkout it starts. */
function PayNowDetails({ listing, buyerId, onCancel, onHeld }: Props) {
  const queryClient = useQueryClient();
  const checkout = useCreateCheckoutSession();
  const [missing, setMissing] = useState<string[]>([]);
  const firstName = useRef<HTMLInputElement>(null);
  const lastName = useRef<HTMLInputElement>(null);
  const guest = useGuestName(buyerId);
  const { start, end } = stayDates(listing);
  const total = listing.hotel_approval?.total ?? null;
  const allIn = total?.allInTotal ?? listing.price;
  const nights = stayNights(start, end);

  // Back from the hosted checkout, the browser may restore this page as it was left ("Redirecting…"): start over.
  const { reset } = checkout;
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, [reset]);

  const payNow = async () => {
    const draft = reservationDraft(listing, buyerId);
    setMissing(missingFields(draft));
    if (!isComplete(draft)) return;
    const checked = await guest.validate();
    if ('refused' in checked) {
      // The first refused field takes focus, so its message is read and it can be corrected at once.
      (checked.refused === 'firstName' ? firstName : lastName).current?.focus();
      return;
    }
    checkout.mutate(checkoutSessionRequest(draft, checked.name, window.location.origin), {
      onError: (error) => {
        const failure = checkoutFailure(error);
        // A hold or a changed price means our copy of the listing is stale: read it again.
        if (failure.kind !== 'other') void queryClient.invalidateQueries({ queryKey: ['listing', listing.id] });
        if (failure.kind === 'held') onHeld(failure.holdExpiresAt);
      },
    });
  };

  const failure = checkout.isError ? checkoutFailure(checkout.error) : null;
  const leaving = checkout.isPending || checkout.isSuccess;
  const row = 'flex justify-between gap-4';

  return (
    <>
      <dl className="mt-3 space-y-1 text-sm text-slate-700">
        <div className={row}>
          <dt>Stay</dt>
          <dd className="text-right font-medium text-slate-900">{listing.title}</dd>
        </div>
        {listing.hotel_name ? (
          <div className={row}>
            <dt>Hotel</dt>
            <dd className="text-right">{listing.hotel_name}</dd>
          </div>
        ) : null}
        <div className={row}>
          <dt>Check-in</dt>
          <dd>{formatStayDate(start) ?? 'Not provided'}</dd>
        </div>
        <div className={row}>
          <dt>Check-out</dt>
          <dd>{formatStayDate(end) ?? 'Not provided'}</dd>
        </div>
        <div className={row}>
          <dt>Nights</dt>
          <dd>{nights === null ? 'Not provided' : formatNights(nights)}</dd>
        </div>
        {total && total.hotelFee > 0 ? (
          <>
            <div className={row}>
              <dt>Price</dt>
              <dd className="text-right">{formatMajorUnits(total.price, total.currency)}</dd>
            </div>
            <HotelFeeLine total={total} className={row} />
          </>
        ) : null}
        <div className={`${row} border-t border-slate-200 pt-1 text-lg font-bold text-slate-900`}>
          <dt>Total</dt>
          <dd className="text-right">
            {formatMajorUnits(allIn, listing.currency)}
            <ApproximatePrice amount={allIn} currency={listing.currency} className="block font-normal" dated />
          </dd>
        </div>
      </dl>
      {total ? <DeskChargesNote total={total} /> : null}
      <p className="mt-2 text-sm text-slate-600">{chargedIn(listing.currency)}</p>

      <GuestNameFields guest={guest} disabled={leaving} firstNameRef={firstName} lastNameRef={lastName} />

      {missing.length > 0 ? (
        <div role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          <p className="font-semibold">Unable to process payment</p>
          <p>Missing required fields: {missing.join(', ')}</p>
        </div>
      ) : null}
      {failure && failure.kind !== 'held' ? (
        <div role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          <p className="font-semibold">Payment Error</p>
          <p>{failure.message}</p>
        </div>
      ) : null}

      <div className="mt-4 flex flex-col gap-2 sm:flex-row lg:flex-col xl:flex-row">
        <button type="button" className={`${primaryButton} flex-1`} onClick={() => void payNow()} disabled={leaving}>
          {leaving ? 'Redirecting to checkout…' : 'Pay Now'}
        </button>
        <button type="button" className={`${secondaryButton} flex-1`} onClick={onCancel} disabled={leaving}>
          Cancel
        </button>
      </div>
      {/* Pay Now does lead to payment: the card is asked for on the checkout page it opens. */}
      <p className="mt-2 text-center text-xs text-slate-500">You pay on the next page</p>
    </>
  );
}

/**
 * The currency the card is charged in, in words: "Your card is charged in Czech Koruna (CZK); your bank may add a
 * fee to convert it."
 */
function chargedIn(currency: string): string {
  const name = currencyName(currency);
  const named = name !== currency ? `${name} (${currency})` : currency;
  return `Your card is charged in ${named}; your bank may add a fee to convert it.`;
}
