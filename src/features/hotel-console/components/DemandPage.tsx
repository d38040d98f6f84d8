import { LoadFailed } from '../../../components/ui/LoadFailed.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { formatStayDate } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useHotelDemand } from '../api/demand.ts';
import { ConsoleTable } from './ConsoleTable.tsx';
import { useHotel } from './use-hotel.ts';

const searchesText = (count: number) => `${count} ${count === 1 ? 'saved search' : 'saved searches'}`;

/**
 * /hotel/:hotelId/demand: who is waiting for a stay at the hotel, week by week for the next twelve: the saved
 * searches (with alerts) a stay of that week would match, at any price. A table, whose bars only repeat its
 * numbers for the eye.
 */
export default function DemandPage() {
  const hotel = useHotel();
  usePageTitle(`Demand · ${hotel.name}`);
  const demand = useHotelDemand(hotel.id);
  if (demand.isPending) return <Spinner label="Counting the saved searches…" />;
  if (demand.isError) return <LoadFailed title="Failed to load the demand." onRetry={() => void demand.refetch()} />;
  const { weeks, located } = demand.data;
  const most = Math.max(1, ...weeks.map((week) => week.searches));
  return (
    <section aria-labelledby="demand" className="rounded-2xl border border-slate-200 bg-white p-6">
      <h2 id="demand" className="text-lg font-semibold text-slate-900">
        Who is waiting
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        Travellers save searches on Restay and are told when a stay matching one is put on sale. Per week, how many
        saved searches a stay at {hotel.name} that week would match, at any price.
      </p>
      {located ? null : (
        <p className="mt-2 text-sm text-amber-800">
          Restay does not know where the hotel is yet (no stay of it has been imported): only searches that name no
          place are counted.
        </p>
      )}
      <ConsoleTable caption="Saved searches a stay would match, per week" headings={['Week of', 'Saved searches']}>
        {weeks.map((week) => (
          <tr key={week.weekStart}>
            <th scope="row" className="whitespace-nowrap py-2 pr-4 font-normal text-slate-900">
              {formatStayDate(week.weekStart)}
            </th>
            <td className="py-2">
              <div className="flex items-center gap-3">
                <span className="w-28 shrink-0 text-slate-900">{searchesText(week.searches)}</span>
                <span
                  aria-hidden="true"
                  className="h-2 rounded-full bg-brand-500"
                  style={{ width: `${(week.searches / most) * 100}%`, minWidth: week.searches ? '0.5rem' : 0 }}
                />
              </div>
            </td>
          </tr>
        ))}
      </ConsoleTable>
    </section>
  );
}
