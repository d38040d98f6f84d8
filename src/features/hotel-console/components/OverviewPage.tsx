import { HOTEL_STATUS_LABELS, type HotelStatus } from '../../../../contract/hotels.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { ChainApprovals } from './ChainApprovals.tsx';
import { ResaleGlance } from './ResaleGlance.tsx';
import { useHotel } from './use-hotel.ts';

const STATUS_EXPLAINED: Record<HotelStatus, string> = {
  pending: 'The hotel connected Restay in Mews and waits for its first admin.',
  connected: 'Restay reads and changes this hotel’s reservations through Mews.',
  suspended:
    'The integration is disabled, canceled or deleted in Mews: Restay does not use it until it is enabled again.',
};

/** /hotel/:hotelId: resale on, off or paused and what happened lately; the connection; what waits for its admin. */
export default function OverviewPage() {
  const hotel = useHotel();
  usePageTitle(`${hotel.name} · Hotel console`);
  const since = new Date(hotel.connectedSince).toLocaleDateString('en-GB', { dateStyle: 'long' });
  return (
    <div className="space-y-6">
      <ResaleGlance hotelId={hotel.id} />
      <section aria-labelledby="connection" className="rounded-2xl border border-slate-200 bg-white p-6">
        <h2 id="connection" className="text-lg font-semibold text-slate-900">
          Connection
        </h2>
        <dl className="mt-4 grid gap-4 sm:grid-cols-3">
          <div>
            <dt className="text-sm text-slate-600">Status</dt>
            <dd className="font-medium text-slate-900" data-status={hotel.status}>
              {HOTEL_STATUS_LABELS[hotel.status]}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Joined Restay</dt>
            <dd className="font-medium text-slate-900">{since}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">People</dt>
            <dd className="font-medium text-slate-900">{hotel.members}</dd>
          </div>
        </dl>
        <p className="mt-4 text-sm text-slate-600">{STATUS_EXPLAINED[hotel.status]}</p>
      </section>
      {hotel.role === 'admin' ? <ChainApprovals hotelId={hotel.id} /> : null}
    </div>
  );
}
