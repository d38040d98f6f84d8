import type { Listing } from '../../../../contract/listing.ts';
import { primaryButton } from '../../../components/ui/button-styles.ts';
import { formatNights, formatPrice } from '../../../lib/format.ts';
import { useBookNow } from '../use-book-now.ts';

type Props = {
  listing: Listing;
  nights: number | null;
  viewerId: string | null;
  onSignInRequired?: () => void;
};

/** The price and Book Now, pinned to the bottom of a phone's screen while the price box is still further down. */
export function BookingBar({ listing, nights, viewerId, onSignInRequired }: Props) {
  const { notice, bookNow } = useBookNow(viewerId, onSignInRequired);
  return (
    <section
      aria-label="Book this stay"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white px-4 py-3 shadow-lg"
    >
      {notice ? (
        <p role="alert" className="mx-auto mb-2 max-w-3xl rounded-lg bg-amber-50 p-2 text-sm text-amber-900">
          {notice}
        </p>
      ) : null}
      <div className="mx-auto flex max-w-3xl items-center justify-between gap-4">
        <div>
          <p className="text-lg font-bold text-slate-900">{formatPrice(listing.price, listing.currency)}</p>
          <p className="text-xs text-slate-600">
            {nights === null ? '' : `${formatNights(nights)} · `}Prices include all fees
          </p>
        </div>
        <button type="button" className={primaryButton} onClick={bookNow}>
          Book Now
        </button>
      </div>
    </section>
  );
}
