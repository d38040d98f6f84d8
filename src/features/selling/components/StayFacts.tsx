import type { FoundReservation } from '../../../../contract/selling.ts';
import { formatNights, formatStayDate } from '../../../lib/format.ts';
import { stayDates } from '../../../lib/listing-dates.ts';
import { stayNights } from '../../../lib/pricing.ts';

/** The stay as the hotel's system knows it: not editable, the listing takes these from the reservation. */
export function StayFacts({ reservation }: { reservation: FoundReservation }) {
  const { StartUtc, EndUtc, ResourceName, Number: confirmation } = reservation.reservationDetails;
  // Days at the hotel, as the stay's page will show them once listed.
  const { start, end } = stayDates({
    start_utc: StartUtc,
    end_utc: EndUtc,
    reservations: null,
    time_zone: reservation.propertyInfo.TimeZone,
  });
  const nights = stayNights(start, end);
  const facts: [string, string][] = [
    ['Hotel', reservation.propertyInfo.Name],
    ['Room', ResourceName ?? 'Not provided'],
    ['Check-in', formatStayDate(start) ?? 'Not provided'],
    ['Check-out', formatStayDate(end) ?? 'Not provided'],
    ['Nights', nights === null ? 'Not provided' : formatNights(nights)],
    ['Confirmation number', confirmation],
  ];
  return (
    <div className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
      <h3 className="text-sm font-semibold text-slate-900">Your reservation</h3>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt className="text-slate-500">{term}</dt>
            <dd className="font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-xs text-slate-500">The dates come from the hotel's reservation and cannot be changed.</p>
    </div>
  );
}
