import { ApproximatePrice } from '../../../components/listings/ApproximatePrice.tsx';
import { Link } from 'react-router-dom';
import { MY_LISTINGS_DESCRIPTION_CHARS } from '../../../lib/ui-constants.ts';
import type { SellerListing } from '../../../../contract/handover.ts';
import type { Listing } from '../../../../contract/listing.ts';
import { EDITABLE_STATUSES } from '../../../../contract/selling.ts';
import { formatMajorUnits } from '../../../../contract/money-format.ts';
import { formatStayDate } from '../../../lib/format.ts';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { sellerReceives } from '../../../../contract/payouts.ts';
import { stayDates } from '../../../lib/listing-dates.ts';
import { payoutText, saleOutcomeText } from '../sale-outcome.ts';
import { PayoutEstimate } from './PayoutEstimate.tsx';
import { SellerStatusBadge } from './SellerStatusBadge.tsx';

export type RowActions = {
  onEdit: (listing: SellerListing) => void;
  onToggle: (listing: Listing) => void;
  onWithdraw: (listing: Listing) => void;
  /** The listing whose pause or resume is on its way, if any. */
  busyId: string | null;
};

/** The first 50 characters of the description, with an ellipsis when there was more. */
export function shortDescription(description: string | null): string {
  if (!description) return '';
  return description.length > MY_LISTINGS_DESCRIPTION_CHARS
    ? `${description.slice(0, MY_LISTINGS_DESCRIPTION_CHARS)}...`
    : description;
}

function stayRange(listing: Listing): string {
  const { start, end } = stayDates(listing);
  const checkIn = formatStayDate(start);
  const checkOut = formatStayDate(end);
  return checkIn && checkOut ? `${checkIn} – ${checkOut}` : 'Not provided';
}

const action =
  'rounded-md px-2.5 py-1.5 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-50 disabled:opacity-60';

/**
 * Open always; edit, pause/resume and withdraw only while the listing is active or paused (no Resume while the
 * hotel keeps it paused: the hotel's word ends that pause, by itself). Each control's name says which listing it
 * acts on ("Edit Harbour view suite"), as a screen reader lists them out of their row.
 */
function Actions({ listing, actions }: { listing: SellerListing; actions: RowActions }) {
  const editable = (EDITABLE_STATUSES as readonly string[]).includes(listing.status);
  // A listing waiting for its hotel can be withdrawn only: an edit waits for the hotel's answer.
  const withdrawable = editable || listing.status === 'awaiting_hotel';
  const named = (verb: string) => `${verb} ${listing.title}`;
  const toggleVerb = listing.status === 'active' ? 'Pause' : 'Resume';
  const pausedByHotel = listing.status === 'inactive' && listing.hotelPauseReason !== null;
  return (
    <div className="flex flex-wrap gap-2">
      <Link to={`/listings/${listing.id}`} aria-label={named('Open')} className={`${action} text-slate-800`}>
        Open
      </Link>
      {editable ? (
        <>
          <button
            type="button"
            aria-label={named('Edit')}
            className={`${action} text-slate-800`}
            onClick={() => actions.onEdit(listing)}
          >
            Edit
          </button>
          {pausedByHotel ? null : (
            <button
              type="button"
              aria-label={named(toggleVerb)}
              className={`${action} text-slate-800`}
              disabled={actions.busyId === listing.id}
              onClick={() => actions.onToggle(listing)}
            >
              {toggleVerb}
            </button>
          )}
        </>
      ) : null}
      {withdrawable ? (
        <button
          type="button"
          aria-label={named('Withdraw')}
          className={`${action} text-red-700`}
          onClick={() => actions.onWithdraw(listing)}
        >
          Withdraw
        </button>
      ) : null}
    </div>
  );
}

/**
 * Under a listing's status: why the hotel's own change withdrew it; that it waits for, or why it was rejected by,
 * the hotel's approval; or, for a sold one, how the sale ended and the
 * seller's payout for it.
 */
function SaleOutcome({ listing, className }: { listing: SellerListing; className: string }) {
  const text =
    listing.withdrawnByHotel ?? listing.hotelApprovalText ?? hotelPauseText(listing) ?? saleOutcomeText(listing.sale);
  const payout = payoutText(listing.sale?.payout);
  const feePercent = usePublicConfig().data?.platformFeePercent;
  if (!text) {
    // Not sold yet: what a sale would pay out, where it is paid in another currency than the price.
    if (listing.status !== 'active' && listing.status !== 'inactive') return null;
    if (feePercent === undefined) return null;
    const share = sellerReceives(listing.price, feePercent);
    return <PayoutEstimate amount={share} currency={listing.currency} className={`text-xs ${className}`} />;
  }
  return (
    <div className={`text-xs text-slate-700 ${className}`}>
      <p>{text}</p>
      {payout ? <p className="mt-1 font-medium text-slate-900">{payout}</p> : null}
      {listing.sale?.reverseHandover?.state === 'returned_to_seller' ? (
        // A listing spends its proof: the seller proves the reservation again, as for any new listing.
        <Link
          to="/list-my-reservation"
          aria-label={`List ${listing.title} again`}
          className="mt-1 inline-block font-medium text-brand-700 hover:underline"
        >
          List it again
        </Link>
      ) : null}
    </div>
  );
}

const cell = 'px-4 py-3 align-top';

/** From 640 px up: one row per listing. */
export function MyListingsTable({ listings, actions }: { listings: SellerListing[]; actions: RowActions }) {
  return (
    <div className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <table className="min-w-full text-left text-sm">
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            {['Title', 'Description', 'Dates', 'Price', 'Status', 'Actions'].map((heading) => (
              <th key={heading} scope="col" className={cell}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {listings.map((listing) => (
            <tr key={listing.id}>
              <td className={`${cell} font-medium`}>
                <Link to={`/listings/${listing.id}`} className="text-brand-700 hover:underline">
                  {listing.title}
                </Link>
              </td>
              <td className={`${cell} text-slate-600`} title={listing.description ?? undefined}>
                {shortDescription(listing.description)}
              </td>
              <td className={`${cell} whitespace-nowrap text-slate-700`}>{stayRange(listing)}</td>
              <td className={`${cell} font-semibold whitespace-nowrap text-slate-900`}>
                <span>{formatMajorUnits(listing.price, listing.currency)}</span>
                <ApproximatePrice amount={listing.price} currency={listing.currency} className="block font-normal" />
              </td>
              <td className={cell}>
                <SellerStatusBadge status={listing.status} />
                <SaleOutcome listing={listing} className="mt-1 max-w-56" />
              </td>
              <td className={cell}>
                <Actions listing={listing} actions={actions} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Below 640 px: one card per listing. */
export function MyListingCards({ listings, actions }: { listings: SellerListing[]; actions: RowActions }) {
  return (
    <ul aria-label="Your listings" className="space-y-4">
      {listings.map((listing) => (
        <li key={listing.id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <div className="flex items-start justify-between gap-3">
            <h2 className="font-semibold text-slate-900">
              <Link to={`/listings/${listing.id}`} className="text-brand-700 hover:underline">
                {listing.title}
              </Link>
            </h2>
            <SellerStatusBadge status={listing.status} />
          </div>
          {listing.description ? (
            <p className="mt-1 text-sm text-slate-600">{shortDescription(listing.description)}</p>
          ) : null}
          <p className="mt-2 text-sm text-slate-700">{stayRange(listing)}</p>
          <p className="mt-1 font-semibold text-slate-900">
            <span>{formatMajorUnits(listing.price, listing.currency)}</span>{' '}
            <ApproximatePrice amount={listing.price} currency={listing.currency} className="font-normal" />
          </p>
          <SaleOutcome listing={listing} className="mt-1" />
          <div className="mt-3">
            <Actions listing={listing} actions={actions} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** A listing the hotel's rules took off the market: why, and that it comes back by itself. */
function hotelPauseText(listing: SellerListing): string | null {
  if (listing.status !== 'inactive' || listing.hotelPauseReason === null) return null;
  return `Paused by the hotel: ${listing.hotelPauseReason} It goes back on sale by itself when the hotel allows it again.`;
}
