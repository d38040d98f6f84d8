import { useRef } from 'react';
import { Link } from 'react-router-dom';
import type { ListingWithViewer } from '../../../../contract/listing.ts';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { CHECK_IN_TIME_LABEL, CHECK_OUT_TIME_LABEL } from '../../../lib/ui-constants.ts';
import { formatNights, formatStayDate } from '../../../lib/format.ts';
import { stayDates } from '../../../lib/listing-dates.ts';
import { viewingOf } from '../../../lib/listing-viewing.ts';
import { stayNights } from '../../../lib/pricing.ts';
import { SIDE_BY_SIDE_LAYOUT, useMediaQuery } from '../../../lib/use-media-query.ts';
import { useBelowViewport } from '../use-below-viewport.ts';
import { useBookNow } from '../use-book-now.ts';
import { BookingBar } from './BookingBar.tsx';
import { HotelApprovalNote } from './HotelApprovalNote.tsx';
import { HotelMap } from './HotelMap.tsx';
import { PriceBox } from './PriceBox.tsx';
import { StayHandover } from './StayHandover.tsx';
import { StayPhotos } from './StayPhotos.tsx';

type Props = {
  listing: ListingWithViewer;
  /** The signed-in viewer's user id, or null for a guest; decides owner, buyer and Book Now views. */
  viewerId?: string | null;
  /** False while the page does not yet know who is looking: see PriceBox. */
  viewerKnown?: boolean;
  onSignInRequired?: () => void;
};

export function ListingDetail({ listing, viewerId = null, viewerKnown = true, onSignInRequired }: Props) {
  const { start, end } = stayDates(listing);
  const nights = stayNights(start, end);
  const checkIn = formatStayDate(start);
  const checkOut = formatStayDate(end);
  const priceBox = useRef<HTMLElement>(null);
  // On a phone the price box comes after the description and dates: until it scrolls into view, a bar at the
  // bottom of the screen offers the price and Book Now.
  const priceBoxBelow = useBelowViewport(priceBox);
  // The pinned bar stands in for a price box stacked under the page; beside it, the box is one glance away even
  // when taller photos push it below the first screen.
  const sideBySide = useMediaQuery(SIDE_BY_SIDE_LAYOUT);
  const flow = useBookNow(listing, viewerId, { viewerKnown, onSignInRequired });
  const viewing = viewingOf(listing, viewerId);

  return (
    <article>
      <Link to="/marketplace" className="inline-block rounded-sm text-sm font-medium text-brand-700 hover:underline">
        ← Back to the marketplace
      </Link>
      <StayPhotos imageUrl={listing.image_url} title={listing.title} />

      <div className="mt-8 grid gap-8 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{listing.title}</h1>
          <p className="mt-2 text-lg text-slate-600">
            {listing.city}, {listing.country}
            {listing.location ? <span className="text-slate-500"> · {listing.location}</span> : null}
          </p>
          {listing.hotel_name ? <p className="mt-1 font-medium text-slate-800">{listing.hotel_name}</p> : null}
          {/* The hotel's word is about a stay that can still change hands, not one that is gone. */}
          {listing.hotel_approval && viewing !== 'gone' ? (
            <HotelApprovalNote approval={listing.hotel_approval} />
          ) : null}

          <section aria-labelledby="about-stay-heading" className="mt-8">
            <h2 id="about-stay-heading" className="text-xl font-semibold text-slate-900">
              About this stay
            </h2>
            <p className="mt-3 whitespace-pre-line leading-relaxed text-slate-700">
              {listing.description?.trim() || 'The seller has not added a description.'}
            </p>
          </section>

          <section aria-labelledby="stay-dates-heading" className="mt-8">
            <h2 id="stay-dates-heading" className="text-xl font-semibold text-slate-900">
              Stay dates
            </h2>
            <dl className="mt-3 grid grid-cols-2 gap-4 sm:max-w-lg sm:grid-cols-3">
              <div className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
                <dt className="text-sm text-slate-500">Check-in</dt>
                <dd className="mt-1 font-semibold text-slate-900">{checkIn ?? 'Not provided'}</dd>
                <dd className="text-sm text-slate-600">{CHECK_IN_TIME_LABEL}</dd>
              </div>
              <div className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
                <dt className="text-sm text-slate-500">Check-out</dt>
                <dd className="mt-1 font-semibold text-slate-900">{checkOut ?? 'Not provided'}</dd>
                <dd className="text-sm text-slate-600">{CHECK_OUT_TIME_LABEL}</dd>
              </div>
              <div className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
                <dt className="text-sm text-slate-500">Nights</dt>
                <dd className="mt-1 font-semibold text-slate-900">
                  {nights === null ? 'Not provided' : formatNights(nights)}
                </dd>
              </div>
            </dl>
          </section>

          <StayHandover listing={listing} seller={viewing === 'owner'} />
          <HotelMap listing={listing} />
        </div>

        <PriceBox ref={priceBox} listing={listing} viewerId={viewerId} viewerKnown={viewerKnown} flow={flow} />
      </div>
      {!sideBySide && priceBoxBelow && viewerKnown && !flow.paying && viewing === 'buyable' ? (
        <BookingBar listing={listing} nights={nights} flow={flow} />
      ) : null}
    </article>
  );
}

export function ListingDetailSkeleton() {
  return (
    <div role="status">
      <span className="sr-only">Loading stay…</span>
      <div aria-hidden="true">
        <Skeleton className="h-4 w-40" />
        <Skeleton className="mt-4 aspect-video max-h-[28rem] w-full rounded-2xl" />
        <Skeleton className="mt-8 h-9 w-2/3" />
        <Skeleton className="mt-3 h-5 w-1/3" />
        <Skeleton className="mt-8 h-24 w-full" />
      </div>
    </div>
  );
}
