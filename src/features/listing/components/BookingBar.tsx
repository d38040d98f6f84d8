import { ApproximatePrice } from '../../../components/listings/ApproximatePrice.tsx';
import type { Listing } from '../../../../contract/listing.ts';
import { primaryButton } from '../../../components/ui/button-styles.ts';
import { formatMajorUnits } from '../../../../contract/money-format.ts';
import { formatNights } from '../../../lib/format.ts';
import type { BookNowFlow } from '../use-book-now.ts';
import { BookingNoticeText } from './BookingActions.tsx';

type Props = {
  listing: Listing;
  nights: number | null;
  /** The page's booking flow: Book Now here opens the Pay Now panel in the price box. */
  flow: BookNowFlow;
};

/** The price and Book Now, pinned to the bottom of a phone's screen while the price box is still further down. */
export function BookingBar({ listing, nights, flow }: Props) {
  const notice = flow.notice?.place === 'bar' ? flow.notice : null;
  return (
    <section
      aria-label="Book this stay"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white px-4 py-3 shadow-lg"
    >
      {notice ? <BookingNoticeText notice={notice} className="mx-auto mb-2 max-w-3xl" /> : null}
      <div className="mx-auto flex max-w-3xl items-center justify-between gap-4">
        <div>
          <p className="text-lg font-bold text-slate-900">
            <span>{formatMajorUnits(listing.price, listing.currency)}</span>{' '}
            <ApproximatePrice amount={listing.price} currency={listing.currency} className="font-normal" />
          </p>
          <p className="text-xs text-slate-600">
            {nights === null ? '' : `${formatNights(nights)} · `}Prices include all fees
          </p>
        </div>
        <button type="button" className={primaryButton} onClick={() => flow.bookNow('bar')}>
          Book Now
        </button>
      </div>
    </section>
  );
}
