import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ReportMonthFigures } from '../../../../contract/hotel-report.ts';

/** The counts the chart draws, each in a colour that holds against white and against its neighbours. */
const DRAWN = [
  { key: 'sales', label: 'Sales', stroke: '#1d4ed8' },
  { key: 'transfers', label: 'Transfers', stroke: '#047857' },
  { key: 'refunds', label: 'Refunds', stroke: '#b91c1c' },
] as const;

const HEIGHT = 240;

/**
 * The Report's twelve months as lines (uPlot, ADR 0092), in its own chunk: loaded only on the Report. As wide as
 * its box, so it fits a phone and follows a turned one. Only for the eye: the table beside it holds the numbers.
 */
export default function ReportChart({ series }: { series: ReportMonthFigures[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current!;
    const width = () => Math.max(element.clientWidth, 240);
    // Each month at its first day (seconds, as uPlot counts time), read as UTC so no zone moves it.
    const months = series.map(({ month }) => Date.parse(`${month}-01T00:00:00Z`) / 1000);
    const chart = new uPlot(
      {
        width: width(),
        height: HEIGHT,
        tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
        scales: { y: { range: (_, __, max) => [0, Math.max(max, 4)] } },
        axes: [{ values: (_, ticks) => ticks.map((tick) => monthLabel(tick)) }, { label: 'Count' }],
        series: [{}, ...DRAWN.map(({ label, stroke }) => ({ label, stroke, width: 2 }))],
      },
      [months, ...DRAWN.map(({ key }) => series.map((month) => month[key]))],
      element,
    );
    const resize = () => chart.setSize({ width: width(), height: HEIGHT });
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.destroy();
    };
  }, [series]);
  return <div ref={box} aria-hidden="true" className="mt-4 w-full overflow-hidden" />;
}

const monthLabel = (seconds: number) =>
  new Date(seconds * 1000).toLocaleDateString('en-US', { month: 'short', year: '2-digit', timeZone: 'UTC' });
