import { useSearchParams } from 'react-router-dom';
import {
  HOTEL_STAY_STATE_LABELS,
  HOTEL_STAY_STATES,
  HOTEL_STAYS_SHOWN,
  hotelStaysQuerySchema,
  type HotelStaysQuery,
} from '../../../../contract/hotel-stays.ts';
import { formatCents } from '../../../../contract/money-format.ts';
import { LoadFailed } from '../../../components/ui/LoadFailed.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { formatDay, formatStayDate } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useHotelStays } from '../api/stays.ts';
import { ConsoleTable } from './ConsoleTable.tsx';
import { useHotel } from './use-hotel.ts';

const field = 'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm sm:w-56';

/** The filter the address holds (?state=&month=), so a filtered list can be shared and survives a reload. */
function useStaysFilter(): [HotelStaysQuery, (changes: HotelStaysQuery) => void] {
  const [params, setParams] = useSearchParams();
  const read = hotelStaysQuerySchema.safeParse({
    state: params.get('state') || undefined,
    month: params.get('month') || undefined,
  });
  const filter = read.success ? read.data : {};
  const change = (changes: HotelStaysQuery) => {
    const next = { ...filter, ...changes };
    setParams(Object.fromEntries(Object.entries(next).filter(([, value]) => value)), { replace: true });
  };
  return [filter, change];
}

/** /hotel/:hotelId/stays: every listing of a stay at the hotel, its state, asking price and dates. */
export default function StaysPage() {
  const hotel = useHotel();
  usePageTitle(`Stays · ${hotel.name}`);
  const [filter, change] = useStaysFilter();
  const stays = useHotelStays(hotel.id, filter);
  return (
    <section aria-labelledby="stays" className="rounded-2xl border border-slate-200 bg-white p-6">
      <h2 id="stays" className="text-lg font-semibold text-slate-900">
        Stays on Restay
      </h2>
      <form role="search" aria-label="Filter the stays" className="mt-4 flex flex-col gap-4 sm:flex-row">
        <label className="text-sm font-medium text-slate-700">
          State
          <select
            className={field}
            value={filter.state ?? ''}
            onChange={(event) => change({ state: (event.target.value || undefined) as HotelStaysQuery['state'] })}
          >
            <option value="">Every state</option>
            {HOTEL_STAY_STATES.map((state) => (
              <option key={state} value={state}>
                {HOTEL_STAY_STATE_LABELS[state]}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium text-slate-700">
          Check-in month
          <input
            type="month"
            className={field}
            value={filter.month ?? ''}
            onChange={(event) => change({ month: event.target.value || undefined })}
          />
        </label>
      </form>
      {stays.isPending ? (
        <Spinner label="Loading the stays…" />
      ) : stays.isError ? (
        <LoadFailed title="Failed to load the stays." onRetry={() => void stays.refetch()} />
      ) : stays.data.stays.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">No stay of the hotel matches.</p>
      ) : (
        <>
          <ConsoleTable
            caption="The hotel’s stays on Restay"
            headings={['Dates', 'Room type', 'State', 'Asking price', 'Your fee', 'Listed']}
            scrolls={{ label: 'The stays (scrolls sideways)', minWidth: 'min-w-[40rem]' }}
          >
            {stays.data.stays.map((stay) => (
              <tr key={stay.listingId}>
                <th scope="row" className="whitespace-nowrap py-2 pr-4 font-normal text-slate-900">
                  {formatStayDate(stay.checkIn)} – {formatStayDate(stay.checkOut)}
                </th>
                <td className="py-2 pr-4">{stay.roomType ?? 'Not given'}</td>
                <td className="py-2 pr-4" data-state={stay.state}>
                  {HOTEL_STAY_STATE_LABELS[stay.state]}
                </td>
                <td className="whitespace-nowrap py-2 pr-4">{formatCents(stay.askingCents, stay.currency)}</td>
                <td className="whitespace-nowrap py-2 pr-4">
                  {stay.feeCents === null ? '—' : formatCents(stay.feeCents, stay.currency)}
                </td>
                <td className="whitespace-nowrap py-2">{formatDay(stay.listedAt)}</td>
              </tr>
            ))}
          </ConsoleTable>
          {stays.data.truncated ? (
            <p className="mt-2 text-sm text-slate-600">
              The {HOTEL_STAYS_SHOWN} latest check-ins are shown: pick a month to see the others.
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
