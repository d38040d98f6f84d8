import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { reportMonthSchema, type ReportMonthFigures } from '../../../../contract/hotel-report.ts';
import { formatCents } from '../../../../contract/money-format.ts';
import { LoadFailed } from '../../../components/ui/LoadFailed.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { secondaryButton } from '../../../components/ui/button-styles.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { downloadTransfersCsv, useHotelReport } from '../api/report.ts';
import { ConsoleTable } from './ConsoleTable.tsx';
import { useHotel } from './use-hotel.ts';

// The chart library is its own chunk (its own budget line): only the Report loads it.
const ReportChart = lazy(() => import('./ReportChart.tsx'));

const monthName = (month: string) =>
  new Date(`${month}-01T12:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

const minutesText = (minutes: number | null) =>
  minutes === null ? 'No decision yet' : minutes < 120 ? `${minutes} min` : `${Math.round(minutes / 60)} h`;

/**
 * /hotel/:hotelId/report: a month's figures (?month=YYYY-MM, the current month without it), the twelve months up
 * to it as a chart and as a table, and the month's transfers as CSV. Each figure is defined in
 * contract/hotel-report.ts; every amount is the ledger's.
 */
export default function ReportPage() {
  const hotel = useHotel();
  usePageTitle(`Report · ${hotel.name}`);
  const [params, setParams] = useSearchParams();
  const asked = reportMonthSchema.safeParse(params.get('month'));
  const report = useHotelReport(hotel.id, asked.success ? asked.data : undefined);
  const [downloadFailed, setDownloadFailed] = useState(false);
  if (report.isPending) return <Spinner label="Counting the month…" />;
  if (report.isError) return <LoadFailed title="Failed to load the report." onRetry={() => void report.refetch()} />;
  const { month, series } = report.data;
  const download = () => {
    setDownloadFailed(false);
    downloadTransfersCsv(hotel.id, month.month).catch(() => setDownloadFailed(true));
  };
  return (
    <section aria-labelledby="report" className="rounded-2xl border border-slate-200 bg-white p-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <h2 id="report" className="text-lg font-semibold text-slate-900">
          Report for {monthName(month.month)}
        </h2>
        <label className="text-sm font-medium text-slate-700">
          Month
          <input
            type="month"
            className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm sm:w-48"
            value={month.month}
            onChange={(event) => event.target.value && setParams({ month: event.target.value }, { replace: true })}
          />
        </label>
      </div>
      <MonthFigures month={month} />
      <div className="mt-4">
        <button type="button" className={secondaryButton} onClick={download}>
          Download the month’s transfers (CSV)
        </button>
        {downloadFailed ? (
          <p role="alert" className="mt-2 text-sm text-red-700">
            The CSV could not be downloaded. Try again.
          </p>
        ) : null}
      </div>
      <h3 className="mt-8 text-base font-semibold text-slate-900">The last twelve months</h3>
      <Suspense fallback={<Spinner label="Drawing the chart…" />}>
        <ReportChart series={series} />
      </Suspense>
      <YearTable series={series} />
    </section>
  );
}

function MonthFigures({ month }: { month: ReportMonthFigures }) {
  return (
    <>
      <FigureGrid
        figures={[
          ['Stays listed', month.listed],
          ['Approved', month.approved],
          ['Rejected', month.rejected],
          ['Decided by the deadline', month.timedOut],
          ['Median time to decide', minutesText(month.medianDecisionMinutes)],
          ['Sales', month.sales],
          ['Transfers done', month.transfers],
          ['Transfers failed', month.transfersFailed],
          ['Refunds', month.refunds],
          ['Room-nights resold', month.roomNights],
        ]}
      />
      {month.money.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">No money moved this month.</p>
      ) : (
        month.money.map((money) => {
          const amount = (cents: number) => formatCents(cents, money.currency);
          return (
            <div key={money.currency}>
              <h3 className="mt-6 text-sm font-semibold text-slate-700">Money in {money.currency}</h3>
              <FigureGrid
                figures={[
                  ['Paid by buyers', amount(money.paidCents)],
                  ['Refunded', amount(money.refundedCents)],
                  ['Stays that changed hands', amount(money.changedHandsCents)],
                  ['Fees earned', amount(money.feesEarnedCents)],
                  ['Fees paid out', amount(money.feesPaidOutCents)],
                ]}
              />
            </div>
          );
        })
      )}
    </>
  );
}

function FigureGrid({ figures }: { figures: [string, string | number][] }) {
  return (
    <dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-5">
      {figures.map(([name, value]) => (
        <div key={name}>
          <dt className="text-xs text-slate-600">{name}</dt>
          <dd className="text-lg font-semibold text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The chart's numbers for screen readers and anyone who wants them exact; it scrolls sideways on a phone. */
function YearTable({ series }: { series: ReportMonthFigures[] }) {
  return (
    <ConsoleTable
      caption="Sales, transfers and refunds per month, the last twelve months"
      headings={['Month', 'Sales', 'Transfers', 'Refunds', 'Room-nights', 'Changed hands']}
      scrolls={{ label: 'The twelve months (scrolls sideways)', minWidth: 'min-w-[32rem]' }}
    >
      {series.map((month) => (
        <tr key={month.month}>
          <th scope="row" className="whitespace-nowrap py-2 pr-4 font-normal text-slate-900">
            {monthName(month.month)}
          </th>
          <td className="py-2 pr-4">{month.sales}</td>
          <td className="py-2 pr-4">{month.transfers}</td>
          <td className="py-2 pr-4">{month.refunds}</td>
          <td className="py-2 pr-4">{month.roomNights}</td>
          <td className="py-2 pr-4">
            {month.money.map((money) => formatCents(money.changedHandsCents, money.currency)).join(', ') || '—'}
          </td>
        </tr>
      ))}
    </ConsoleTable>
  );
}
