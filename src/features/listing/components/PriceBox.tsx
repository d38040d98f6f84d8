import type { Ref } from 'react';
import { Link } from 'react-router-dom';
import type { ListingWithViewer } from '../../../../contract/listing.ts';
import { ApproximatePrice } from '../../../components/listings/ApproximatePrice.tsx';
import { StatusBadge } from '../../../components/listings/StatusBadge.tsx';
import { formatMajorUnits } from '../../../../contract/money-format.ts';
import { viewingOf, type Viewing } from '../../../lib/listing-viewing.ts';
import { paidAtHotel } from '../../../lib/pricing.ts';
import type { BookNowFlow } from '../use-book-now.ts';
import { BookingActions, HeldStay } from './BookingActions.tsx';
import type { StayTotal } from '../../../../contract/hotel-fee.ts';
import { DeskChargesNote, HotelFeeLine } from './StayTotalLines.tsx';

interface Props {
  listing: ListingWithViewer;
  viewerId: string | null;
  /**
   * False while the page does not yet know who is looking (a page the server drew as a guest sees it, for a
   * visitor who may be signed in): what only the viewer's own reply can say (their hold, their purchase, their own
   * listing) waits, instead of showing them a guest's.
   */
  viewerKnown: boolean;
  /** The page's booking flow, shared with the phone's booking bar. */
  flow: BookNowFlow;
  /** The page watches where the box is, to offer a booking bar on phones until it comes into view. */
  ref?: Ref<HTMLElement>;
}

export function PriceBox({ listing, viewerId, viewerKnown, flow, ref }: Props) {
  const viewing = viewingOf(listing, viewerId);
  // SOLD to everyone, PURCHASED to its buyer: either way the price is final.
  const sold = listing.status === 'sold';
  // The all-in total (price + the hotel's fee) comes first and largest; a sold stay shows what it sold for.
  const total = sold ? null : (listing.hotel_approval?.total ?? null);
  const allIn = total?.allInTotal ?? listing.price;

  return (
    <aside
      ref={ref}
      aria-labelledby="price-heading"
      className="h-fit rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 lg:sticky lg:top-24"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="price-heading" className="text-sm font-medium text-slate-500">
          {sold ? 'Final price' : 'Price for the whole stay'}
        </h2>
        {/* The seller sees that they own it instead of a pending badge; a sold listing is named to everyone. */}
        {viewing === 'owner' || !viewerKnown ? null : <StatusBadge listing={listing} viewerId={viewerId} />}
      </div>
      <p className="mt-1 flex flex-wrap items-baseline gap-x-2">
        <span className="text-3xl font-bold text-slate-900">{formatMajorUnits(allIn, listing.currency)}</span>
        <ApproximatePrice amount={allIn} currency={listing.currency} dated />
      </p>

      {sold ? null : <PriceLines listing={listing} total={total} />}
      <p className="mt-2 text-xs text-slate-500">Prices include all fees</p>
      {total ? <DeskChargesNote total={total} /> : null}

      {viewerKnown ? (
        <ViewerActions listing={listing} viewing={viewing} viewerId={viewerId} flow={flow} />
      ) : (
        <div aria-hidden="true" className="mt-4 h-[4.75rem] animate-pulse rounded-lg bg-slate-100" />
      )}
    </aside>
  );
}

/**
 * What the seller paid at the hotel and their discount, when the hotel's system said what was paid and the asking
 * price is lower, and the hotel's name-change fee; the total is what the buyer is charged.
 */
function PriceLines({ listing, total }: { listing: ListingWithViewer; total: StayTotal | null }) {
  const reference = paidAtHotel(listing);
  const fee = total !== null && total.hotelFee > 0;
  if (!reference && !fee) return null;
  const row = 'flex justify-between gap-4';
  return (
    <dl className="mt-4 space-y-1 text-sm text-slate-700">
      {reference ? (
        <>
          <div className={row}>
            <dt>Paid at the hotel</dt>
            <dd className="line-through">{formatMajorUnits(reference.paid, listing.currency)}</dd>
          </div>
          <div className={`${row} text-emerald-700`}>
            <dt>Seller&apos;s discount</dt>
            <dd>-{formatMajorUnits(reference.saving, listing.currency)}</dd>
          </div>
        </>
      ) : null}
      {fee ? (
        <>
          <div className={row}>
            <dt>Price</dt>
            <dd>{formatMajorUnits(listing.price, listing.currency)}</dd>
          </div>
          <HotelFeeLine total={total} className={row} />
        </>
      ) : null}
      <div className={`${row} border-t border-slate-200 pt-1 font-semibold text-slate-900`}>
        <dt>Total</dt>
        <dd>{formatMajorUnits(total?.allInTotal ?? listing.price, listing.currency)}</dd>
      </div>
    </dl>
  );
}

/** What this viewer may do with the stay: book it, go back to their checkout, or why they cannot. */
function ViewerActions({
  listing,
  viewing,
  viewerId,
  flow,
}: Pick<Props, 'listing' | 'viewerId' | 'flow'> & { viewing: Viewing }) {
  return (
    <>
      {viewing === 'buyable' ? <BookingActions listing={listing} viewerId={viewerId} flow={flow} /> : null}
      {viewing === 'owner' ? (
        <p className="mt-4 rounded-lg bg-brand-50 p-3 text-center font-semibold text-brand-800">You Own This Listing</p>
      ) : null}
      {viewing === 'unavailable' ? (
        <p className="mt-4 rounded-lg bg-slate-100 p-3 text-sm text-slate-700">This stay is not available right now.</p>
      ) : null}
      {viewing === 'held' ? <HeldStay listing={listing} viewerId={viewerId} flow={flow} /> : null}
      {viewing === 'gone' || viewing === 'sold' ? <NoLongerAvailable sold={viewing === 'sold'} /> : null}
      {viewing === 'purchased' ? (
        <p className="mt-4 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
          You bought this stay.{' '}
          <Link to="/my-stays" className="font-semibold underline">
            See it in My Stays
          </Link>
        </p>
      ) : null}
    </>
  );
}

/** A stay nobody can book any more (sold, withdrawn by its seller or the hotel, or past), and where to look next. */
function NoLongerAvailable({ sold }: { sold: boolean }) {
  return (
    <p className="mt-4 rounded-lg bg-slate-100 p-3 text-sm text-slate-700">
      {sold ? 'This stay has been sold and is no longer available.' : 'This stay is no longer available.'}{' '}
      <Link to="/marketplace" className="font-semibold text-brand-700 underline">
        Find another stay
      </Link>
    </p>
  );
}
