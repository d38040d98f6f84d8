import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import type { PurchasedStay } from '../../../../contract/buying.ts';
import { useAuth } from '../../../lib/auth-context.ts';
import { primaryButton } from '../../../components/ui/button-styles.ts';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { LoadFailed } from '../../../components/ui/LoadFailed.tsx';
import { StatusMessage } from '../../../components/ui/StatusMessage.tsx';
import { formatMajorUnits } from '../../../../contract/money-format.ts';
import { formatNights, formatStayDate } from '../../../lib/format.ts';
import { stayDates } from '../../../lib/listing-dates.ts';
import { stayNights } from '../../../lib/pricing.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { usePurchasedStays } from '../api/purchased-stays.ts';
import { OrderStateBadge } from './OrderStateBadge.tsx';
import { StayProgress } from './StayProgress.tsx';

export const LOAD_FAILED = 'Failed to load your purchased stays.';

/** What one row or card shows, worked out once. */
function describe(stay: PurchasedStay) {
  const { start, end } = stayDates(stay);
  const checkIn = formatStayDate(start);
  const checkOut = formatStayDate(end);
  const nights = stayNights(start, end);
  return {
    hotel: stay.hotel_name ?? stay.title,
    dates: checkIn && checkOut ? `${checkIn} – ${checkOut}` : 'Not provided',
    nights: nights === null ? 'Not provided' : formatNights(nights),
    paid: formatMajorUnits(stay.order.amount, stay.order.currency),
  };
}

export default function MyStaysPage() {
  usePageTitle('My Stays');
  const { user } = useAuth();
  const stays = usePurchasedStays(user?.id ?? '');

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">My Stays</h1>
      <p className="mt-2 text-slate-600">
        The stays you have bought on Restay: each one is put in your name at the hotel, or your payment is refunded.
      </p>
      <div className="mt-8">
        {stays.isPending ? (
          <Spinner label="Loading your stays…" />
        ) : stays.isError ? (
          <LoadFailed title={LOAD_FAILED} onRetry={() => void stays.refetch()} />
        ) : stays.data.length === 0 ? (
          <StatusMessage
            title="You haven't bought any stays yet"
            action={
              <Link to="/marketplace" className={primaryButton}>
                Browse the Marketplace
              </Link>
            }
          >
            <p>Stays you buy appear here, with their dates and what you paid.</p>
          </StatusMessage>
        ) : (
          <>
            <StaysTable stays={stays.data} />
            <StayCards stays={stays.data} />
          </>
        )}
      </div>
    </div>
  );
}

const cell = 'px-4 py-3 align-top';

/** From 640 px up: one row per stay. */
function StaysTable({ stays }: { stays: PurchasedStay[] }) {
  return (
    <div className="hidden overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 sm:block">
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">Your purchased stays</caption>
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
          <tr>
            <th scope="col" className={cell}>
              Hotel
            </th>
            <th scope="col" className={cell}>
              City
            </th>
            <th scope="col" className={cell}>
              Dates
            </th>
            <th scope="col" className={cell}>
              Nights
            </th>
            <th scope="col" className={cell}>
              Price paid
            </th>
            <th scope="col" className={cell}>
              Status
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 text-slate-700">
          {stays.map((stay) => {
            const row = describe(stay);
            return (
              <Fragment key={stay.order.id}>
                <tr>
                  <th scope="row" className={`${cell} font-medium`}>
                    <Link to={`/listings/${stay.id}`} className="text-brand-700 hover:underline">
                      {row.hotel}
                    </Link>
                    <span className="block text-xs font-normal text-slate-500">{stay.title}</span>
                  </th>
                  <td className={cell}>{stay.city}</td>
                  <td className={`${cell} whitespace-nowrap`}>{row.dates}</td>
                  <td className={cell}>{row.nights}</td>
                  <td className={`${cell} font-semibold text-slate-900`}>{row.paid}</td>
                  <td className={cell}>
                    <OrderStateBadge state={stay.order.state} />
                  </td>
                </tr>
                {/* Under each stay, across the columns: how it is going, and the hotel's details once in your name. */}
                <tr className="border-t-0">
                  <td colSpan={6} className="px-4 pb-4">
                    <StayProgress order={stay.order} label={row.hotel} />
                  </td>
                </tr>
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Below 640 px a table would scroll sideways: one card per stay instead. */
function StayCards({ stays }: { stays: PurchasedStay[] }) {
  return (
    <ul aria-label="Your purchased stays" className="space-y-4 sm:hidden">
      {stays.map((stay) => {
        const card = describe(stay);
        return (
          <li key={stay.order.id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <div className="flex items-start justify-between gap-3">
              <Link to={`/listings/${stay.id}`} className="font-semibold text-brand-700 hover:underline">
                {card.hotel}
              </Link>
              <OrderStateBadge state={stay.order.state} />
            </div>
            <p className="text-sm text-slate-600">{stay.city}</p>
            <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
              <div className="col-span-2">
                <dt className="text-slate-500">Dates</dt>
                <dd className="text-slate-900">{card.dates}</dd>
              </div>
              <div>
                <dt className="text-slate-500">Nights</dt>
                <dd className="text-slate-900">{card.nights}</dd>
              </div>
              <div>
                <dt className="text-slate-500">Price paid</dt>
                <dd className="font-semibold text-slate-900">{card.paid}</dd>
              </div>
            </dl>
            <div className="mt-3">
              <StayProgress order={stay.order} label={card.hotel} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
