import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { toCents } from '../../../../contract/money.ts';
import { formatCents } from '../../../../contract/money-format.ts';
import { primaryButton, secondaryButton } from '../../../components/ui/button-styles.ts';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { formatNights, formatStayDate } from '../../../lib/format.ts';
import { stayDates } from '../../../lib/listing-dates.ts';
import { stayNights } from '../../../lib/pricing.ts';
import { useAuth } from '../../../lib/auth-context.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { usePurchasedStays } from '../api/purchased-stays.ts';
import { useStay } from '../api/stay.ts';
import { orderNews } from '../order-news.ts';
import { confirmationOf } from '../order-confirmation.ts';
import { StayProgress } from './StayProgress.tsx';

/** The stay comes as `?listing=` (survives a reload) or in the navigation state. */
function useConfirmedListingId(): string | null {
  const [params] = useSearchParams();
  const { state } = useLocation() as { state: { listingId?: unknown } | null };
  const fromState = typeof state?.listingId === 'string' && state.listingId !== '' ? state.listingId : null;
  return params.get('listing') || fromState;
}

/**
 * The buyer's order of the stay, followed live (My Stays' reply, read again while the handover is under way), so
 * the page tells what is true now: paid, in the buyer's name, or refunded.
 */
function useOrderOf(listingId: string | null) {
  const { user } = useAuth();
  const stays = usePurchasedStays(user?.id ?? '');
  // Newest first: a stay bought again after a refund shows its latest order.
  return listingId === null ? undefined : stays.data?.find((stay) => stay.id === listingId);
}

export default function BookingConfirmationPage() {
  const listingId = useConfirmedListingId();
  const stay = useStay(listingId);
  const bought = useOrderOf(listingId);
  const hotel = bought?.hotel_name ?? bought?.title ?? 'the hotel';
  const { heading, title, next } = confirmationOf(bought?.order, hotel);
  usePageTitle(title);

  return (
    <div className="mx-auto max-w-2xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{heading}</h1>
      {/* Read out as it changes: the handover finishes while the buyer is on this page. */}
      <p role="status" className="mt-3 text-lg text-slate-700">
        {bought ? orderNews(bought.order, hotel) : 'Payment received.'}
      </p>

      {listingId !== null ? (
        <section
          aria-labelledby="your-stay-heading"
          className="mt-8 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
        >
          <h2 id="your-stay-heading" className="text-sm font-medium text-slate-500">
            Your stay
          </h2>
          {stay.isPending ? (
            <div role="status">
              <span className="sr-only">Loading your stay…</span>
              <Skeleton className="mt-2 h-6 w-2/3" />
              <Skeleton className="mt-2 h-5 w-1/2" />
            </div>
          ) : stay.isError ? (
            <p className="mt-2 text-slate-700">
              We couldn&apos;t load the stay&apos;s details just now; you will find them under My Stays.
            </p>
          ) : (
            <StaySummary listing={stay.data} />
          )}
          {bought ? (
            <div className="mt-4 border-t border-slate-100 pt-4">
              <p className="mb-3 text-slate-700">
                You paid <span className="font-semibold text-slate-900">{paidAmount(bought.order)}</span>
              </p>
              <StayProgress order={bought.order} label={hotel} />
            </div>
          ) : null}
        </section>
      ) : null}

      <section aria-labelledby="next-heading" className="mt-8">
        <h2 id="next-heading" className="text-xl font-semibold text-slate-900">
          What happens next
        </h2>
        <ol className="mt-3 list-decimal space-y-2 pl-5 text-slate-700">
          {next.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>

      <div className="mt-10 flex flex-col gap-3 sm:flex-row">
        <Link to="/my-stays" className={primaryButton}>
          My Stays
        </Link>
        <Link to="/" className={secondaryButton}>
          Home
        </Link>
      </div>
    </div>
  );
}

/** What the card was charged, in the stay's own currency with its usual decimals: "€420.00", "¥88,920". */
const paidAmount = (order: { amount: number; currency: string }) => formatCents(toCents(order.amount), order.currency);

function StaySummary({ listing }: { listing: NonNullable<ReturnType<typeof useStay>['data']> }) {
  const { start, end } = stayDates(listing);
  const nights = stayNights(start, end);
  const checkIn = formatStayDate(start);
  const checkOut = formatStayDate(end);
  return (
    <div className="mt-2">
      <p className="text-lg font-semibold text-slate-900">{listing.hotel_name ?? listing.title}</p>
      <p className="text-slate-700">
        {listing.city}, {listing.country}
      </p>
      {checkIn && checkOut ? (
        <p className="mt-2 text-slate-700">
          {checkIn} – {checkOut}
          {nights === null ? null : <span className="text-slate-500"> · {formatNights(nights)}</span>}
        </p>
      ) : null}
    </div>
  );
}
