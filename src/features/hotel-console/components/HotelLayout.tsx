import { NavLink, Outlet, useLocation, useParams } from 'react-router-dom';
import { HOTEL_STATUS_LABELS } from '../../../../contract/hotels.ts';
import { LoadFailed } from '../../../components/ui/LoadFailed.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { StatusMessage } from '../../../components/ui/StatusMessage.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useHotelOverview } from '../api/hotel-overview.ts';
import { useMyHotels } from '../../../lib/my-hotels.ts';
import { HOTEL_SECTIONS } from './hotel-nav.ts';
import { HotelSwitcher } from './HotelSwitcher.tsx';

/** /hotel/:hotelId and its sections: the hotel's name and status, the switcher, the navigation, the section. */
export default function HotelLayout() {
  const hotelId = useParams().hotelId ?? '';
  const { pathname } = useLocation();
  const overview = useHotelOverview(hotelId);
  const mine = useMyHotels();
  const section = pathname.split('/').slice(3).join('/');

  if (overview.isPending) return <Spinner label="Loading the hotel…" />;
  if (overview.isError) {
    // A hotel the person does not work for answers 404, as one that does not exist: neither is theirs.
    if (overview.error instanceof ApiError && overview.error.status === 404)
      return (
        <div className="mx-auto max-w-4xl px-4 py-8">
          <StatusMessage asPageHeading title="Not your hotel">
            <p>You are not a member of this hotel. Ask one of its admins to invite you.</p>
          </StatusMessage>
        </div>
      );
    return (
      <div className="mx-auto max-w-4xl px-4 py-8">
        <LoadFailed title="Failed to load the hotel." onRetry={() => void overview.refetch()} />
      </div>
    );
  }
  const hotel = overview.data;
  const sections = HOTEL_SECTIONS.filter((s) => !s.adminOnly || hotel.role === 'admin');
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-sm font-medium text-brand-700">Hotel console</p>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{hotel.name}</h1>
          <p className="mt-1 text-sm text-slate-600">
            {HOTEL_STATUS_LABELS[hotel.status]} · You are {hotel.role === 'admin' ? 'an admin' : 'staff'}
          </p>
        </div>
        <HotelSwitcher hotels={mine.data ?? []} current={hotel.id} section={section} />
      </header>
      <nav aria-label="Hotel console" className="mt-6 overflow-x-auto border-b border-slate-200">
        <ul className="flex gap-1">
          {sections.map((s) => (
            <li key={s.to}>
              <NavLink
                to={s.to ? `/hotel/${hotel.id}/${s.to}` : `/hotel/${hotel.id}`}
                end
                className={({ isActive }) =>
                  `inline-block whitespace-nowrap border-b-2 px-4 py-2 text-sm font-medium ${
                    isActive
                      ? 'border-brand-600 text-brand-700'
                      : 'border-transparent text-slate-600 hover:text-slate-900'
                  }`
                }
              >
                {s.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6">
        <Outlet context={hotel} />
      </div>
    </div>
  );
}
