import { Link } from 'react-router-dom';
import type { HotelActivity, HotelLately, ResaleState } from '../../../../contract/hotels.ts';
import { formatMoment, formatStayDate } from '../../../lib/format.ts';
import { useHotelLately } from '../api/lately.ts';

const STATE_LABELS: Record<ResaleState, string> = {
  on: 'Resale is on',
  off: 'Resale is off',
  paused: 'Resale is paused',
};
const STATE_STYLES: Record<ResaleState, string> = {
  on: 'bg-emerald-50 text-emerald-900 border-emerald-200',
  off: 'bg-slate-50 text-slate-800 border-slate-200',
  paused: 'bg-amber-50 text-amber-900 border-amber-200',
};

function stateSentence({ state, policyVersion, pausedAt }: HotelLately['resale']): string {
  if (state === 'paused')
    return `Paused since ${formatMoment(pausedAt)}: no stay of the hotel is on sale, and none can be bought.`;
  if (state === 'on') return `Guests may resell their stays under version ${policyVersion} of your policy.`;
  return policyVersion === null
    ? 'No policy is published yet, so no booking at the hotel can be resold.'
    : 'The live policy does not allow resale (or the hotel’s connection is not active): nothing is on sale.';
}

const ACTIVITY_WORDS: Record<HotelActivity['kind'], string> = {
  listed: 'put on sale',
  sold: 'bought',
  in_new_name: 'now in a new guest’s name',
};

const stayText = (activity: HotelActivity) =>
  `${activity.roomType ?? 'A stay'}, ${formatStayDate(activity.checkIn)} to ${formatStayDate(activity.checkOut)}`;

/** The Overview's glance: whether resale is on, off or paused, and the newest things that happened to its stays. */
export function ResaleGlance({ hotelId }: { hotelId: string }) {
  const lately = useHotelLately(hotelId);
  if (!lately.data) return null;
  const { resale, recent } = lately.data;
  return (
    <>
      <section aria-labelledby="resale-state" className={`rounded-2xl border p-6 ${STATE_STYLES[resale.state]}`}>
        <h2 id="resale-state" className="text-lg font-semibold" data-state={resale.state}>
          {STATE_LABELS[resale.state]}
        </h2>
        <p className="mt-2 text-sm">{stateSentence(resale)}</p>
        <Link to="policy" className="mt-3 inline-block text-sm font-medium underline underline-offset-2">
          Open the resale policy
        </Link>
      </section>
      <section aria-labelledby="lately" className="rounded-2xl border border-slate-200 bg-white p-6">
        <h2 id="lately" className="text-lg font-semibold text-slate-900">
          Lately
        </h2>
        {recent.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">Nothing yet: no stay of the hotel has been put on sale.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100">
            {recent.map((activity) => (
              <li key={`${activity.kind}-${activity.at}`} className="flex flex-col gap-1 py-2 sm:flex-row sm:gap-4">
                <span className="text-sm text-slate-500 sm:w-44 sm:shrink-0">{formatMoment(activity.at)}</span>
                <span className="text-sm text-slate-900">
                  {stayText(activity)}: {ACTIVITY_WORDS[activity.kind]}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
