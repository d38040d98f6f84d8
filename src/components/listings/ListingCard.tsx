import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Listing } from '../../../contract/listing.ts';
import { formatMajorUnits } from '../../../contract/money-format.ts';
import { formatStayDate } from '../../lib/format.ts';
import { stayDates } from '../../lib/listing-dates.ts';
import { paidAtHotel } from '../../lib/pricing.ts';
import { ApproximatePrice } from './ApproximatePrice.tsx';
import { ImageCarousel, stepPhoto } from './ImageCarousel.tsx';
import { useSwipe } from './use-swipe.ts';

type Props = {
  listing: Listing;
  /** The map highlights this card's pin while it is hovered. */
  highlighted?: boolean;
  onHoverChange?: (hovered: boolean) => void;
  /** Above the fold: the photo loads at once (it is the page's largest paint), not when scrolled into view. */
  eager?: boolean;
};

/**
 * A card below the fold is styled and laid out only as it nears the viewport, at about a phone card's height until
 * then (the browser keeps its real height once drawn): a results page holds two dozen cards and a phone shows two,
 * and laying out the rest was most of the page's work before it could answer a tap. On the card itself, not its
 * list item, so its ring and shadow are not clipped; its content already is, by its rounded corners.
 */
const DRAWN_NEAR_VIEWPORT = '[content-visibility:auto] [contain-intrinsic-size:auto_27rem]';

export function ListingCard({ listing, highlighted = false, onHoverChange, eager = false }: Props) {
  const { start, end } = stayDates(listing);
  const checkIn = formatStayDate(start);
  const checkOut = formatStayDate(end);
  const [photo, setPhoto] = useState(0);
  const photoArea = useRef<HTMLDivElement>(null);
  const swipe = useSwipe(photoArea, (step) => setPhoto((current) => stepPhoto(current, step)));

  return (
    <article
      onMouseEnter={onHoverChange ? () => onHoverChange(true) : undefined}
      onMouseLeave={onHoverChange ? () => onHoverChange(false) : undefined}
      data-highlighted={highlighted || undefined}
      {...swipe}
      className={`group relative flex touch-pan-y w-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 transition hover:shadow-md ${
        highlighted ? 'ring-2 ring-brand-600' : 'ring-slate-200'
      } ${eager ? '' : DRAWN_NEAR_VIEWPORT}`}
    >
      <div ref={photoArea}>
        <ImageCarousel
          imageUrl={listing.image_url}
          title={listing.title}
          index={photo}
          onIndexChange={setPhoto}
          eager={eager}
        />
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <h2 className="text-base font-semibold text-slate-900">
          {/* The link stretches over the whole card: one tab stop, one short accessible name. */}
          <Link to={`/listings/${listing.id}`} className="rounded-sm after:absolute after:inset-0 after:content-['']">
            {listing.title}
          </Link>
        </h2>
        <p className="text-sm text-slate-600">
          {listing.city}, {listing.country}
        </p>
        {checkIn && checkOut ? (
          <p className="text-sm text-slate-600">
            <time dateTime={start ?? undefined}>{checkIn}</time> – <time dateTime={end ?? undefined}>{checkOut}</time>
          </p>
        ) : null}
        <div className="mt-auto pt-3">
          <p className="flex flex-wrap items-baseline gap-x-2">
            <span className="text-lg font-bold text-slate-900">
              {formatMajorUnits(listing.price, listing.currency)}
            </span>
            <ApproximatePrice amount={listing.price} currency={listing.currency} />
          </p>
          <PaidAtHotel listing={listing} />
        </div>
      </div>
    </article>
  );
}

/** What the seller paid at the hotel, struck through, and the saving; nothing when there is no true lower price. */
function PaidAtHotel({ listing }: { listing: Listing }) {
  const reference = paidAtHotel(listing);
  if (!reference) return null;
  const paid = formatMajorUnits(reference.paid, listing.currency);
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
      <span className="text-slate-500">
        Paid at the hotel <s aria-label={`${paid}, struck through`}>{paid}</s>
      </span>
      <span className="font-medium text-emerald-700">Save {formatMajorUnits(reference.saving, listing.currency)}</span>
    </p>
  );
}
