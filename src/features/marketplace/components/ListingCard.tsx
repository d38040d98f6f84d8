import { Link } from 'react-router-dom';
import type { Listing } from '../../../../contract/listing.ts';
import { StayImage } from '../../../components/ui/StayImage.tsx';
import { formatPrice, formatStayDate } from '../../../lib/format.ts';
import { stayDates } from '../../../lib/listing-dates.ts';

export function ListingCard({ listing }: { listing: Listing }) {
  const { start, end } = stayDates(listing);
  const checkIn = formatStayDate(start);
  const checkOut = formatStayDate(end);

  return (
    <article className="group relative flex w-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition hover:shadow-md">
      <StayImage src={listing.image_url} alt={listing.title} className="aspect-4/3 w-full" />
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
        <p className="mt-auto pt-3 text-lg font-bold text-slate-900">
          {formatPrice(listing.price, listing.currency)}{' '}
          <span className="text-sm font-normal text-slate-500">total</span>
        </p>
      </div>
    </article>
  );
}
