import { useId } from 'react';
import { useNavigate } from 'react-router-dom';
import type { MyHotel } from '../../../../contract/hotels.ts';

/** Moves between the hotels the person belongs to, keeping the section they are in. */
export function HotelSwitcher({ hotels, current, section }: { hotels: MyHotel[]; current: string; section: string }) {
  const navigate = useNavigate();
  const id = useId();
  if (hotels.length < 2) return null;
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        Hotel
      </label>
      <select
        id={id}
        value={current}
        onChange={(event) => navigate(`/hotel/${event.target.value}${section ? `/${section}` : ''}`)}
        className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
      >
        {hotels.map((hotel) => (
          <option key={hotel.id} value={hotel.id}>
            {hotel.name}
          </option>
        ))}
      </select>
    </div>
  );
}
